"""The revisions, one file each: ``rev000N_*.py`` brings schema N-1 to schema N."""
