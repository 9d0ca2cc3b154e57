"""herna's browser app: static files (HTML, CSS, ES modules) and their catalog, served by ``herna serve``."""
