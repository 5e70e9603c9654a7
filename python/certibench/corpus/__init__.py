"""certibench.corpus layer (see ../shared/DESIGN.md data flow)."""
