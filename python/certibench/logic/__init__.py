"""certibench.logic layer (see ../shared/DESIGN.md data flow)."""
