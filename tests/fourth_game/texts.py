"""Quick Pick's texts, as a game adds its own to data/i18n/<language>.json: the tests add
them to the catalogues with its registry lines (`TEXTS`, by language, then key)."""

from __future__ import annotations

TEXTS = {
    "en": {
        "ui.quick_pick.pick": "Pick a colour: a point for each player who picks the same",
        "ui.quick_pick.picked": "You picked {colour}",
        "ui.quick_pick.waiting": "Waiting for the others",
        "ui.quick_pick.tally": "The picks",
        "ui.quick_pick.red": "red",
        "ui.quick_pick.green": "green",
        "ui.quick_pick.blue": "blue",
        "ui.quick_pick.rounds": "Rounds",
        "ui.quick_pick.advance": "Show the picks",
        "ui.quick_pick.next": "Next round",
        "ui.howto.quick_pick.1": "Pick a colour in secret.",
        "ui.howto.quick_pick.2": "Everyone's picks are shown.",
        "ui.howto.quick_pick.3": "A point for each player who picked as you did.",
        "ui.howto.picture.quick_pick.1": "Three coloured discs",
        "ui.howto.picture.quick_pick.2": "Three coloured discs",
        "ui.howto.picture.quick_pick.3": "Three coloured discs",
    },
    "es": {
        "ui.quick_pick.pick": "Elige un color: un punto por cada jugador que elija el mismo",
        "ui.quick_pick.picked": "Elegiste {colour}",
        "ui.quick_pick.waiting": "Esperando a los demás",
        "ui.quick_pick.tally": "Lo elegido",
        "ui.quick_pick.red": "rojo",
        "ui.quick_pick.green": "verde",
        "ui.quick_pick.blue": "azul",
        "ui.quick_pick.rounds": "Rondas",
        "ui.quick_pick.advance": "Mostrar lo elegido",
        "ui.quick_pick.next": "Ronda siguiente",
        "ui.howto.quick_pick.1": "Elige un color en secreto.",
        "ui.howto.quick_pick.2": "Se muestra lo que eligió cada uno.",
        "ui.howto.quick_pick.3": "Un punto por cada jugador que eligió como tú.",
        "ui.howto.picture.quick_pick.1": "Tres discos de colores",
        "ui.howto.picture.quick_pick.2": "Tres discos de colores",
        "ui.howto.picture.quick_pick.3": "Tres discos de colores",
    },
}
