"""certibench.metrics layer (see ../shared/DESIGN.md data flow)."""
