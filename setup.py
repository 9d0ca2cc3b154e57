"""Builds herna's compiled engine (Cython) where the machine has a C compiler.

Everything else is declared in ``pyproject.toml``. Each extension is optional:
where it cannot be compiled (no C compiler, no Python headers) the install
goes on without it, and ``herna.load(..., engine="auto")`` plays on the Python
engine (:mod:`herna.core.engines` says so once, on stderr).
"""

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "herna.core.compiled",
    "herna.games.trumfosaur.compiled",
    "herna.games.ugo.compiled",
    "herna.games.kurnik.compiled",
    "herna.bots.compiled_search",
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


class OptionalBuildExt(build_ext):
    """build_ext where an extension that does not compile is left out with a
    warning (setuptools' own ``optional`` misses a failing compiler command
    in editable installs)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - no compiler, no headers, any build failure
            self._skip("the compiled engine", error)

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # noqa: BLE001 - as above, one extension at a time
            self._skip(ext.name, error)

    @staticmethod
    def _skip(what: str, error: Exception) -> None:
        print(f"herna: could not build {what} ({error}); installing without it: the Python engine plays instead",
              file=sys.stderr)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
