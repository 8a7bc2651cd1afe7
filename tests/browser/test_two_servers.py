"""Two app servers on one PostgreSQL behind Debian's nginx (issue 9): the facilitator and the
projector on server A, the students split between A and B: a round played by clicks (but its
second pulse: the fragments of the first, drawn and submitted on A and on B, already take the
path every page's click takes), then the facilitator's clicks end its reveal and round 2's
roles, and the engine the rest, to the end.

Both servers run with the fallback poll off, and with the push hub's own re-read of versions
pushed out to an hour (tests/browser/notify_only_app.py): a page on one server learns of a
change made through the other only from PostgreSQL NOTIFY. If that breaks, the projector on
A never counts the students who joined on B, the phones on B never show the facilitator's
commands, and the test fails (tried: with the LISTEN thread disabled it failed at the count).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from balancer import COOKIE, Balancer, nginx_binary, open_connections
from gamekit import Table, eventually, t
from playwright.sync_api import Page, expect

from tests.engine.postgres_server import PostgresServer

pytestmark = pytest.mark.browser

#: Where the balancer has put each student's browser (the cookie it would have set).
SERVER_OF = {"Ana": "b", "Bea": "a", "Cruz": "b", "Dana": "a", "Eli": "b"}
NAMES = list(SERVER_OF)


@dataclass
class Cluster:
    """What gamekit.Table needs of a server, pointing at the balancer."""

    url: str
    database_url: str
    balancer: Balancer
    ports: dict[str, int]


@pytest.fixture(scope="module")
def cluster(start_streamlit):
    if nginx_binary() is None:
        pytest.fail("nginx is missing: tests/run.sh installs Debian's nginx")
    database = PostgresServer.start()
    database_url = database.new_database()
    servers = {
        name: start_streamlit(
            "tests/browser/notify_only_app.py",
            database_url=database_url,
            CC_FALLBACK_POLL_SECONDS="0",
            CC_TEST_SERVER=name,  # two servers, not one shared by the fixture
        )
        for name in ("a", "b")
    }
    balancer = Balancer(*(f"127.0.0.1:{server.port}" for server in servers.values()))
    yield Cluster(balancer.url, database_url, balancer, {n: s.port for n, s in servers.items()})
    balancer.stop()
    database.stop()


@pytest.fixture
def placed_page(new_page, cluster):
    """new_page(server="b", ...): a browser the balancer already sent to that server; "a" when
    not said (the facilitator's and the projector's)."""

    def make(server: str = "a", **options) -> Page:
        page = new_page(**options)
        page.context.add_cookies([{"name": COOKIE, "value": server, "url": cluster.url}])
        return page

    return make


def server_of(page: Page) -> str | None:
    return next((c["value"] for c in page.context.cookies() if c["name"] == COOKIE), None)


@pytest.mark.whole_game
def test_a_game_with_students_split_across_two_servers(cluster, placed_page):
    table = Table(cluster, placed_page)
    table.create_game(pace="extra_relaxed")
    screen = table.open_screen()
    for name in NAMES:
        table.join(name, server=SERVER_OF[name])
    # Submitted on B and on A, every join reaches the projector on A.
    expect(screen.get_by_text(t("ui.players_joined", count=len(NAMES)))).to_be_visible()

    # Everyone is where the balancer put them, websocket and push stream included.
    assert server_of(table.facilitator) == server_of(screen) == "a"
    assert {name: server_of(p.page) for name, p in table.players.items()} == SERVER_OF
    on_b = sum(server == "b" for server in SERVER_OF.values())
    # A websocket and a stream each (a page whose layout just changed reopens its stream).
    for port, pages in ((cluster.ports["b"], on_b), (cluster.ports["a"], len(NAMES) - on_b + 2)):
        assert eventually(lambda port=port, pages=pages: open_connections(port) >= 2 * pages, True)

    table.start()  # a click on A: the phones on B show the roles only if NOTIFY told B
    roles = table.by_role()
    (curator,), (distorter,), loyal = roles["curator"], roles["distorter"], roles["loyal"]
    views = {name: table.view(name) for name in NAMES}
    signature = {name: views[name]["signature"] for name in NAMES if name != curator}
    for name in NAMES:
        assert table.show_role(name) == t(f"ui.role.{views[name]['role']}")
    table.draw_round(1, clicked=(1,))
    target = views[loyal[0]]["target"]
    table.choose(curator, target["id"])
    table.wait_phase("accusation", 1)
    for voter in NAMES:
        table.accuse(voter, signature[loyal[0] if voter == distorter else distorter])
    table.wait_phase("reveal", 1)

    reveal = table.public()["reveal"]
    assert reveal["choice"] == target["id"] and reveal["accused"] == signature[distorter]
    for page in (screen, *(table.players[n].page for n in NAMES if SERVER_OF[n] == "b")):
        expect(page.get_by_text(t("ui.distorter_caught")).first).to_be_visible()

    # The facilitator (on A) ends the reveal and round 2's roles; every page, on A and on B,
    # shows each new phase before the next click. The rest ends through the engine behind
    # the pages: what it writes reaches both servers the same way, and every page shows the
    # end.
    for _ in range(2):
        view = table.public()
        table.advance(view["phase"], view["round"])
        view = table.public()
        table.wait_phase(view["phase"], view["round"])
    assert (view["phase"], view["round"]) == ("pulse1", 2)
    while table.public()["phase"] != "finished":
        table.engine.advance(table.key)
    table.wait_phase("finished")
