"""Ray set-up shared by every layer that fans work out to Ray.

The run layer sends model requests to Ray workers (:mod:`certibench.run.ray_exec`) and the
verify layer sends certify/generate tasks (:mod:`certibench.verify.ray_pool`); both start
or join Ray here.  Like :mod:`certibench.io` and :mod:`certibench.schema`, this module sits
outside the layer chain: it imports nothing from certibench, so any layer may use it.

Ray is an optional extra (``pip install 'certibench[ray]'``).  ``address=None`` starts a
local Ray on this machine; ``address="auto"`` joins the cluster this machine belongs to
(``ray start --head`` / ``ray start --address=…``); ``"ray://host:10001"`` connects a Ray
client to a remote cluster.  Workers on other machines import certibench from their own
environment, so install the same certibench version there.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PIP_RAY", "RayUnavailable", "cluster_cpus", "import_ray", "init_ray"]

PIP_RAY = "pip install 'certibench[ray]'"


class RayUnavailable(RuntimeError):
    """``--executor ray`` was asked for but Ray is not installed."""


def import_ray() -> Any:
    """The ``ray`` module, or :class:`RayUnavailable` saying how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise RayUnavailable(f"--executor ray needs Ray: {PIP_RAY}") from exc
    return ray


def init_ray(address: str | None = None, *, num_cpus: int | None = None) -> Any:
    """Start (``address=None``) or join (``address``) Ray unless this process already did;
    returns the ``ray`` module.  ``num_cpus`` caps a local Ray (ignored when joining)."""
    ray = import_ray()
    if not ray.is_initialized():
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            kwargs: dict[str, Any] = {"ignore_reinit_error": True, "log_to_driver": False, "include_dashboard": False}
            if num_cpus is not None:
                kwargs["num_cpus"] = num_cpus
            ray.init(**kwargs)
    return ray


def cluster_cpus(ray: Any) -> int:
    """CPUs the Ray cluster offers (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))
