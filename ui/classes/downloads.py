"""A whole class's ZIP: the class's results CSV, and a folder per table of the sitting that
has finished, holding what its game puts in a table's own files (`Facilitator.table_files`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.archive import zip_bytes
from ui.games import parts_of
from ui.results import class_results_csv
from ui.text import Translator


def class_file_stem(class_view: Mapping[str, Any]) -> str:
    """ "crossed-canvas-class-ABCD": the class's downloads are named for its game."""
    return f"{parts_of(class_view).facilitator.FILE_PREFIX}-class-{class_view['code']}"


def class_zip(class_view: Mapping[str, Any], t: Translator) -> bytes:
    """The class's ZIP (Engine.class_view), in a folder named like its other downloads."""
    folder = class_file_stem(class_view)
    files = [(f"{folder}/results.csv", class_results_csv(class_view, t))]
    for table in class_view["tables"]:
        table_folder = f"{folder}/{t('ui.csv.table')}-{int(table['table'])}"
        files += [
            (f"{table_folder}/{name}", data)
            for name, data in parts_of(table["view"]).facilitator.table_files(table["view"], t)
        ]
    return zip_bytes(files)
