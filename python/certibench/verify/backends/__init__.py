"""Certificate backends: z3, sympy, lean, template (each imports its engine lazily)."""
