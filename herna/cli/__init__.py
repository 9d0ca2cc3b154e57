"""The ``herna`` command (typer + rich)."""
