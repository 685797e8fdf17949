"""Development tools for Espionage (server, runtime setup, browser helpers)."""
