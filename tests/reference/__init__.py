"""An independent reference Euchre engine, used only by the test suite.

It is written straight from shared/design/RULES.md and LOG_FORMAT.md and must never import
anything from ``euchre_log``: its whole value is that it is a second, separate opinion.
"""
