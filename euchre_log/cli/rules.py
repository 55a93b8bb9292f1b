"""``rules``: every rule option, its value, what it means, and where it comes from."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from .app import app
from .common import print_json


def rules_data(preset: str | None, settings: list[str] | None) -> dict[str, Any]:
    """The options of a preset (or the defaults), with their meanings and sources."""
    from ..engine.rules import OPTIONS, PRESET_SOURCES, PRESETS, Rules
    from .games import build_rules

    rules: Rules = build_rules(preset, settings, None)
    values = rules.to_dict()
    return {
        "preset": rules.preset,
        "options": [
            {
                "name": o.name,
                "value": values[o.name],
                "default": list(o.default) if isinstance(o.default, tuple) else o.default,
                "accepted": o.accepted(),
                "meaning": o.meaning,
                "source": o.source,
            }
            for o in OPTIONS.values()
        ],
        "presets": {
            name: {"source": PRESET_SOURCES[name], "options": dict(PRESETS[name])}
            for name in PRESETS
        },
    }


@app.command()
def rules(
    preset: Annotated[
        Optional[str],
        typer.Option(
            "--preset",
            metavar="NAME",
            help="Show this preset's values: classic, family, north-american, canadian, benny.",
        ),
    ] = None,
    settings: Annotated[
        Optional[list[str]],
        typer.Option(
            "--set",
            metavar="OPTION=VALUE",
            help="Show the values with this option changed, like --set target=11.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the options as JSON.")] = False,
) -> None:
    """List the rule options: each one's value, its meaning, and where it comes from.

    The sources are the rule documents the tool follows: a family's house rules, the North
    American stick-the-dealer rules, an online game's rules, and Wikipedia's article on
    Euchre with its variants.
    """
    data = rules_data(preset, settings)
    if as_json:
        print_json(data)
        return
    from rich.console import Group, RenderableType
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from ..render.fit import NARROW, Fitted
    from .console import console

    title = (
        f"Rules: the {data['preset']} preset"
        if data["preset"]
        else "Rules: the defaults (the classic game)"
    )
    table = Table(title=title, title_justify="left", header_style="bold", show_lines=False)
    table.add_column("Option")
    table.add_column("Value")
    table.add_column("What it means")
    table.add_column("Where it comes from")
    stacked: list[RenderableType] = []  # the narrow layout: an option, its meaning, its source
    for o in data["options"]:
        value = o["value"]
        shown = (
            ", ".join(value)
            if isinstance(value, list)
            else str(value).lower()
            if isinstance(value, bool)
            else str(value)
        )
        if isinstance(value, list) and not value:
            shown = "none"
        style = "bold" if value != o["default"] else ""
        table.add_row(o["name"], Text(shown, style=style), o["meaning"], o["source"])
        stacked.append(Text(f"{o['name']} = ", style="bold").append(shown, style=style or "bold"))
        stacked.append(Padding(Text(o["meaning"]), (0, 0, 0, 2), expand=False))
        stacked.append(
            Padding(Text(f"From {o['source']}", style="dim"), (0, 0, 0, 2), expand=False)
        )
    con = console()
    con.print(Fitted(table, lambda: Group(Text(title, style="bold"), *stacked), below=NARROW))
    con.print()
    con.print(Text("Presets:", style="bold"))
    presets = Table.grid(padding=(0, 1))
    presets.add_column(min_width=15, no_wrap=True)
    presets.add_column()
    for name, p in data["presets"].items():
        presets.add_row(name, p["source"])
    con.print(Padding(presets, (0, 0, 0, 2), expand=False))
    con.print(
        "\nChange an option for a game with: euchre-log new --set option=value (values in bold differ from the defaults)"
    )
