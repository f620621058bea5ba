"""Print OmegaConf's resolved `llm` (and `tts`) sections of each YAML file named on the command line, as one JSON line each.

A file without an `llm:` section (a NeMo llm_configs file) is resolved as the `llm:` section it is merged into.
"""
import json
import sys

from omegaconf import OmegaConf

for path in sys.argv[1:]:
    cfg = OmegaConf.load(path)
    if "llm" not in cfg:
        cfg = OmegaConf.create({"llm": OmegaConf.to_container(cfg)})
    resolved = OmegaConf.to_container(cfg, resolve=True)
    print(json.dumps({"llm": resolved.get("llm"), "tts": resolved.get("tts")}, sort_keys=True))
