"""certibench: certified paraphrase-invariance benchmarks for mathematical reasoning."""

__version__ = "0.1.0"
