import { loadPyodide } from "pyodide";
const py = await loadPyodide();
console.log(py.runPython(`
import sys
str((sys.flags.dont_write_bytecode, sys.pycache_prefix, sys.implementation.cache_tag, sys.path, sys.flags.optimize, __import__('os').getcwd(), __import__('dataclasses').__file__, type(__import__('dataclasses').__loader__)))
`));
