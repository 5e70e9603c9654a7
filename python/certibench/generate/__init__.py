"""certibench.generate layer (docs/architecture.md, data flow; docs/certifier.md)."""
