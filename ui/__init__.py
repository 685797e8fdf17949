"""The browser user interface of Espionage: rendering and the app controller."""
