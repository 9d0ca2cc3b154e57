"""One module per ``herna`` command; :mod:`herna.cli.main` registers them."""
