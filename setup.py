"""Builds herna's compiled engine (Cython) where the machine has a C compiler.

Everything else is declared in ``pyproject.toml``. Each extension is optional:
where it cannot be compiled (no C compiler, no Python headers) the install
goes on without it, and ``herna.load(..., engine="auto")`` plays on the Python
engine (:mod:`herna.core.engines` says so once, on stderr).
"""

from setuptools import Extension, setup

COMPILED = [
    "herna.core.compiled",
    "herna.games.trumfosaur.compiled",
    "herna.games.kurnik.compiled",
]
"""The compiled modules, ``herna/<path>.pyx`` each."""


def extensions() -> list:
    try:
        from Cython.Build import cythonize
    except ImportError:  # no Cython in the build environment: the Python engine only
        print("herna: Cython is not installed; building without the compiled engine")
        return []
    modules = [Extension(name, [name.replace(".", "/") + ".pyx"], optional=True,
                         extra_compile_args=["-O3"]) for name in COMPILED]
    return cythonize(modules, compiler_directives={"language_level": 3, "embedsignature": True}, quiet=True)


setup(ext_modules=extensions())
