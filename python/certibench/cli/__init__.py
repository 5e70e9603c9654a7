"""The typer command-line interface: thin commands over the library."""
