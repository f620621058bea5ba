"""A stand-in for the voice harness package: the names the export script imports, nothing else."""
