"""The import-linter contract type that keeps games apart without naming them ("games" in
pyproject.toml's [tool.importlinter]): a game is a folder of engine/ or ui/ that is not one of
the platform's own (classes, migrations), found in the import graph at each run. So a new game
is held to every contract the day its folders exist, and no contract is edited to add it.

It is import-linter's forbidden contract (its checks, its report), with the games filled in:
- without `source_modules`, each game's folders import nothing of another game's, nor the
  `forbidden_modules` listed (the registries, classes);
- with `source_modules`, those import no game at all, nor the `forbidden_modules` listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck

if TYPE_CHECKING:  # import-linter's graph type, from the library it is built on
    from grimp import ImportGraph


class GamesContract(Contract):
    """Forbidden imports between games, or from the platform to any game."""

    type_name = "games"

    #: Where each game has a folder (engine, ui), and the folders there that are no game.
    containers = fields.ListField(subfield=fields.StringField())
    not_games = fields.ListField(subfield=fields.StringField())
    source_modules = fields.ListField(subfield=fields.StringField(), required=False)
    forbidden_modules = fields.ListField(subfield=fields.StringField(), required=False)
    allow_indirect_imports = fields.BooleanField(required=False, default=False)

    def games(self, graph: ImportGraph) -> dict[str, list[str]]:
        """Each game's folders, by the folder's name (a package with modules in it)."""
        found: dict[str, list[str]] = {}
        for container in self.containers:
            for child in sorted(graph.find_children(container)):
                name = child.rpartition(".")[2]
                if name not in self.not_games and graph.find_children(child):
                    found.setdefault(name, []).append(child)
        return found

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        games = self.games(graph)
        listed = list(self.forbidden_modules or ())
        every_game = [folder for folders in games.values() for folder in folders]
        if self.source_modules:
            pairs = [(list(self.source_modules), listed + every_game)]
        else:
            pairs = [
                (own, listed + [f for f in every_game if f not in own]) for own in games.values()
            ]
        checks = [
            self._forbidden(sources, forbidden).check(graph, verbose)
            for sources, forbidden in pairs
        ]
        return ContractCheck(
            kept=all(check.kept for check in checks),
            warnings=[warning for check in checks for warning in check.warnings],
            metadata={
                "invalid_chains": [
                    chains for check in checks for chains in check.metadata["invalid_chains"]
                ]
            },
        )

    def render_broken_contract(self, check: ContractCheck) -> None:
        self._forbidden([], []).render_broken_contract(check)

    def _forbidden(self, sources: list[str], forbidden: list[str]) -> ForbiddenContract:
        options: dict[str, Any] = {
            "source_modules": sources,
            "forbidden_modules": forbidden,
            "allow_indirect_imports": str(self.allow_indirect_imports),
        }
        return ForbiddenContract(self.name, self.session_options, options)
