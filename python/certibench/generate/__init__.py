"""certibench.generate layer (see ../shared/DESIGN.md data flow)."""
