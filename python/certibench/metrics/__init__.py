"""certibench.metrics layer: every number of the reports.

FormInv invariance over a columnar response table (:mod:`.table`, :mod:`.invariance`,
:mod:`.stats`, :mod:`.audit`, :mod:`.weights`), We-Math's four-dimensional metrics
(:mod:`.wemath`), ProcessBench's first-error F1 (:mod:`.processbench`) and the prediction
files `certibench score` reads (:mod:`.predictions`).  How to add a metric:
``docs/extending.md``.
"""
