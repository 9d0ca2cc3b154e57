"""One package per game: rules as pure state machines, data tables, options."""
