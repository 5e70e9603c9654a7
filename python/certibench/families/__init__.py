"""certibench.families layer (see ../shared/DESIGN.md data flow)."""
