"""certibench.verify layer (see ../shared/DESIGN.md data flow)."""
