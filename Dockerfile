# Crossed Canvas as an image (issue 44), every part from Debian's packages but the app's own
# Python dependencies (from PyPI, as `pip install` of the wheel brings them):
#   app       the school command (one app process per core behind Debian's nginx), from the
#             project's wheel, with Debian's Python and PostgreSQL client, as a user not root
#   database  Debian's PostgreSQL for compose.yaml (docker/database.sh makes its cluster)
# compose.yaml builds both; README, "An image and a compose file", says how to run them.
# Layers run from what changes least to what changes most: Debian's packages, then the app's
# dependencies (pyproject.toml alone), then the app itself, so an edit to a page rebuilds
# only the last layers. `apt-get clean` as well as the lists: a base image without Docker
# Hub's apt settings (one made by debootstrap) would keep the packages' files and caches.

FROM debian:bookworm-slim AS python
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 \
    && apt-get clean && rm -rf /var/lib/apt/lists/*

# The virtual environment is made here and copied whole into the app: the same Debian Python
# at the same path in both, without pip's venv module and its build in the image.
FROM python AS build
# A network that inspects HTTPS: its authority, put in docker/ca-certificates/, is trusted
# here too (ca-certificates adds every *.crt of that folder as it installs).
COPY docker/ca-certificates/ /usr/local/share/ca-certificates/
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3-venv ca-certificates \
    && apt-get clean && rm -rf /var/lib/apt/lists/* \
    && python3 -m venv /opt/crossed-canvas
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PIP_ROOT_USER_ACTION=ignore \
    PIP_CERT=/etc/ssl/certs/ca-certificates.crt
COPY pyproject.toml /src/
RUN python3 -c 'import tomllib; project = tomllib.load(open("/src/pyproject.toml", "rb"))["project"]; print("\n".join(project["dependencies"] + project["optional-dependencies"]["postgres"]))' > /src/requirements.txt \
    && /opt/crossed-canvas/bin/pip install -r /src/requirements.txt
COPY . /src
RUN /opt/crossed-canvas/bin/pip wheel --no-deps --wheel-dir /wheels /src \
    && /opt/crossed-canvas/bin/pip install --no-deps /wheels/*.whl \
    && /opt/crossed-canvas/bin/pip uninstall -y pip

FROM python AS app
RUN apt-get update \
    && apt-get install -y --no-install-recommends nginx postgresql-client \
    && apt-get clean && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /home/crossed-canvas crossed-canvas
COPY --from=build /opt/crossed-canvas /opt/crossed-canvas
ENV PATH=/opt/crossed-canvas/bin:$PATH PYTHONUNBUFFERED=1
USER crossed-canvas
EXPOSE 8501
# nginx's health route: answered by one of the app processes behind it.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s \
    CMD ["python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4)"]
CMD ["crossed-canvas", "school", "--port", "8501", "--address", "0.0.0.0"]

FROM debian:bookworm-slim AS database
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql \
    && apt-get clean && rm -rf /var/lib/apt/lists/* /var/lib/postgresql/15 /etc/postgresql/15 \
    && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data
COPY docker/database.sh /usr/local/bin/database
ENV PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
HEALTHCHECK --interval=5s --timeout=5s --retries=20 \
    CMD ["sh", "-c", "pg_isready --quiet --host 127.0.0.1 --username \"$POSTGRES_USER\""]
CMD ["database"]
