"""Rich renderables: card text, hand tables, the table diagram, summaries and charts.

Renderables are plain objects; only the CLI prints them.
"""
