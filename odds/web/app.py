"""The ASGI application: routes, errors as JSON, security headers, the static page.

Every error is ``{"error": "field: what is wrong (allowed range)"}`` with HTTP
422 for bad input, 404 for an unknown path, 503 while the kernels warm up and
500 (no traceback) for anything unexpected.  The API is described at
``/openapi.json``; the page (``/``) is the static files of ``odds/web/static``.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

import anyio
from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from odds._version import __version__
from odds.battlescribe.xmlsafe import MAX_XML_BYTES
from odds.i18n import LANGS, error_text
from odds.validation import OddsInputError
from odds.web import answers
from odds.web.books import Library
from odds.web.jobs import Jobs
from odds.web.schemas import (
    MAX_JOBS_PER_CLIENT,
    MAX_MODELS,
    MAX_TRIALS,
    CharacterChoice,
    ChargeRequest,
    CombatRequest,
    CompareRequest,
    EmergeRequest,
    FleeRequest,
    HoldOrFleeRequest,
    Lang,
    MatrixRequest,
    PursueRequest,
    field_range,
)
from odds.web.uploads import read_upload, upload_character
from odds.web.warm import warm_kernels

STATIC = Path(str(files("odds.web") / "static"))

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
"""The Content-Security-Policy of every response: nothing inline, nothing from elsewhere."""

MAX_BODY = 64 * 1024
"""Largest JSON request body, in bytes."""

VIEWS: dict[str, tuple[type, Callable[..., dict[str, Any]]]] = {
    "combat": (CombatRequest, answers.combat),
    "hold": (HoldOrFleeRequest, answers.hold_or_flee),
    "compare": (CompareRequest, answers.compare),
    "charge": (ChargeRequest, answers.charge),
    "pursue": (PursueRequest, answers.pursue),
    "flee": (FleeRequest, answers.flee),
    "emerge": (EmergeRequest, answers.emerge),
    "matrix": (MatrixRequest, answers.matrix),
}


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def validation_message(exc: RequestValidationError, model: type | None) -> str:
    """The first problem of a request, naming its field and, for a number, its range."""
    errors = exc.errors()
    if not errors:
        return "request: not valid"
    e = errors[0]
    loc = tuple(p for p in e.get("loc", ()) if p != "body")
    name = ".".join(str(p) for p in loc) or "request"
    if e.get("type") == "json_invalid":
        return "request: not valid JSON"
    rng = field_range(model, loc) if model is not None and loc else ""
    got = e.get("input")
    got_text = f" (got {got!r})" if isinstance(got, (int, float, str)) and \
        len(repr(got)) < 60 else ""
    msg = f"must be {rng}" if rng else e.get("msg", "not valid")
    return f"{name}: {msg}{got_text}"


def create_app(data_dirs: list[Path] | None = None, workers: int | None = None,
               warm: bool = True, on_ready: Callable[[], None] | None = None,
               dask_client: Any = None) -> FastAPI:
    """The web application.

    Parameters
    ----------
    data_dirs : list of Path, optional
        Folders of BattleScribe catalogues and rosters offered beside the built-in library.
    workers : int, optional
        Threads of the worker pool (default: one per core).
    warm : bool
        Compile or load every kernel before ``/healthz`` says ready (a test
        app may skip it: the kernels then compile on the first request).
        The server answers at once; until ready, ``/healthz`` and the API
        answer 503.
    on_ready : callable, optional
        Called (from the warming thread) once the server is ready.
    dask_client : distributed.Client, optional
        Matrix jobs run on this Dask cluster, as ``odds matrix --scheduler``
        runs them (the same numbers as here for the same seed).
    """
    library = Library(list(data_dirs or []))
    jobs = Jobs(workers)
    ready = threading.Event()

    def warm_up() -> None:
        try:
            if warm:
                warm_kernels()
        finally:
            ready.set()
            if on_ready is not None:
                on_ready()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        threading.Thread(target=warm_up, name="odds-warm", daemon=True).start()
        yield
        jobs.close()

    app = FastAPI(title="odds", version=__version__, lifespan=lifespan,
                  docs_url=None, redoc_url=None,
                  description="Odds for Warhammer Fantasy Battles 6th edition (MDNR, cm). "
                  "Each answer equals `odds COMMAND --format json` for the same inputs and "
                  "seed, plus a `page` object with the tables the page draws.")
    app.state.library, app.state.jobs, app.state.ready = library, jobs, ready
    app.state.dask_client = dask_client

    def run_view(view: str, req: Any) -> dict[str, Any]:
        fn = VIEWS[view][1]
        if view == "matrix":
            return fn(req, library, client=dask_client)
        return fn(req, library) if view in ("combat", "hold", "compare") else fn(req)

    _add_guard(app, ready)
    _add_error_handlers(app)
    _add_data_routes(app, library, jobs, ready)
    _add_answer_routes(app, jobs, run_view)
    for view, (model, _) in VIEWS.items():
        if view != "compare":  # a comparison is answered at once (at most four combats)
            _add_job_route(app, view, model, run_view)
    _add_job_status_routes(app, jobs)
    _add_page(app)
    return app


def _add_guard(app: FastAPI, ready: threading.Event) -> None:
    """Body size caps, 503 while warming, and the security headers of every response."""

    @app.middleware("http")
    async def guard(request: Request, call_next):
        length = request.headers.get("content-length")
        cap = MAX_XML_BYTES if request.url.path.startswith("/api/upload") else MAX_BODY
        if length is not None and (not length.isdigit() or int(length) > cap):
            response = _error(422, f"request: body larger than {cap} bytes")
        elif request.url.path.startswith("/api/") and not ready.is_set():
            response = _error(503, "server: still loading the engine; try again in a moment")
        else:
            response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        return response


def _add_error_handlers(app: FastAPI) -> None:
    """Every error as JSON ``{"error": ...}`` in the request's language, never a traceback."""

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        view = request.url.path.rstrip("/").rsplit("/", 1)[-1]
        model = CharacterChoice if view == "character" else VIEWS.get(view, (None,))[0]
        return _error(422, error_text(validation_message(exc, model), _lang_of(exc.body)))

    @app.exception_handler(OddsInputError)
    async def bad_input(request: Request, exc: OddsInputError) -> JSONResponse:
        try:
            body = await request.json()
        except Exception:  # no body, or not JSON (an uploaded file): the query's language
            body = None
        if not isinstance(body, dict) or "lang" not in body:
            body = {"lang": request.query_params.get("lang")}
        return _error(422, error_text(str(exc), _lang_of(body)))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        return _error(500, f"internal error: {type(exc).__name__} (please report it)")


async def _body(request: Request) -> bytes:
    """A raw request body, refused past :data:`MAX_XML_BYTES` (an uploaded file)."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_XML_BYTES:
            raise OddsInputError(f"upload: larger than {MAX_XML_BYTES:,} bytes; refused")
    return bytes(body)


def _add_data_routes(app: FastAPI, library: Library, jobs: Jobs,
                     ready: threading.Event) -> None:
    """The server's state, its army books, their units and characters, and uploads."""

    @app.get("/healthz", tags=["server"])
    async def healthz() -> JSONResponse:
        """``ready`` once every kernel is compiled or loaded, else 503 ``warming``."""
        if ready.is_set():
            return JSONResponse({"status": "ready", "version": __version__})
        return JSONResponse({"status": "warming"}, status_code=503)

    @app.get("/api/info", tags=["data"])
    async def info() -> dict[str, Any]:
        """The engine's version, the army books and the caps of this server."""
        return {"version": __version__,
                "books": [b.summary() for b in library.books.values()],
                "caps": {"trials": MAX_TRIALS, "models": MAX_MODELS,
                         "jobs_per_client": MAX_JOBS_PER_CLIENT}}

    @app.get("/api/books/{book_id}/units", tags=["data"])
    async def units(book_id: str) -> list[dict[str, Any]]:
        """The units of one army book."""
        return await anyio.to_thread.run_sync(library.units, book_id)

    @app.get("/api/books/{book_id}/characters", tags=["data"])
    async def characters(book_id: str) -> list[dict[str, Any]]:
        """The characters of a book, by value: a roster's, a catalogue's, the built-in ones."""
        return await anyio.to_thread.run_sync(library.characters, book_id)

    @app.post("/api/character", tags=["data"])
    async def character(req: CharacterChoice) -> dict[str, Any]:
        """A book's character with the options picked (by value, with its import notes).

        A catalogue character takes the options the listing gives him, magic items
        within the book's limit; other books' characters take none.
        """
        return await anyio.to_thread.run_sync(library.character, req.book, req.key,
                                              req.upgrades, req.lang)

    @app.post("/api/upload", tags=["data"])
    async def upload(request: Request, name: str = "", lang: Lang = "en") -> dict[str, Any]:
        """A BattleScribe catalogue or roster (the raw file as the body, ``?name=FILE.ros``).

        Read in memory and never stored; the answer lists its units by value and the
        import's warnings in ``lang`` (``?lang=es``).  A file that cannot be read is
        refused (422) in ``lang``, as every error is.
        """
        body = await _body(request)
        return await asyncio.wrap_future(jobs.pool.submit(read_upload, name, body, lang))

    @app.post("/api/upload/character", tags=["data"])
    async def upload_character_route(request: Request, name: str = "", key: str = "",
                                     upgrade: Annotated[list[str] | None, Query()] = None,
                                     lang: Lang = "en") -> dict[str, Any]:
        """An uploaded army book's character with options (``?name=F.cat&key=K&upgrade=...``).

        The raw file is the body, read in memory and never stored, as ``/api/upload``
        reads it; the answer is the character by value, as ``/api/character`` gives an
        army book's of the data folder.
        """
        body = await _body(request)
        return await asyncio.wrap_future(jobs.pool.submit(
            upload_character, name, body, key, list(upgrade or []), lang))


def _add_answer_routes(app: FastAPI, jobs: Jobs,
                       run_view: Callable[[str, Any], dict[str, Any]]) -> None:
    """Each view's answer at once (``POST /api/VIEW``), within the client's job slots."""

    async def answer(view: str, req: Any, request: Request) -> dict[str, Any]:
        client = request.client.host if request.client else "?"
        with jobs.slot(client):
            return await asyncio.wrap_future(jobs.pool.submit(run_view, view, req))

    @app.post("/api/combat", tags=["answers"])
    async def combat(req: CombatRequest, request: Request) -> dict[str, Any]:
        """Two units fight to a result (``odds combat A B --format json``)."""
        return await answer("combat", req, request)

    @app.post("/api/hold", tags=["answers"])
    async def hold(req: HoldOrFleeRequest, request: Request) -> dict[str, Any]:
        """Charged: hold (the combat) or flee (caught, escaped, off the table, rally)."""
        return await answer("hold", req, request)

    @app.post("/api/compare", tags=["answers"])
    async def compare(req: CompareRequest, request: Request) -> dict[str, Any]:
        """Up to four variants of one combat, each answered as ``/api/combat`` answers it."""
        return await answer("compare", req, request)

    @app.post("/api/emerge", tags=["answers"])
    async def emerge(req: EmergeRequest, request: Request) -> dict[str, Any]:
        """Where a tunnelling unit comes up (``odds emerge --format json``) and its picture."""
        return await answer("emerge", req, request)

    @app.post("/api/matrix", tags=["answers"])
    async def matrix(req: MatrixRequest, request: Request) -> dict[str, Any]:
        """Every unit of list A against every unit of B (``odds matrix --format json``)."""
        return await answer("matrix", req, request)

    @app.post("/api/charge", tags=["answers"])
    async def charge(req: ChargeRequest, request: Request) -> dict[str, Any]:
        """Charge versus flee (``odds charge --format json``)."""
        return await answer("charge", req, request)

    @app.post("/api/pursue", tags=["answers"])
    async def pursue(req: PursueRequest, request: Request) -> dict[str, Any]:
        """Flee versus pursuit (``odds pursue --format json``)."""
        return await answer("pursue", req, request)

    @app.post("/api/flee", tags=["answers"])
    async def flee(req: FleeRequest, request: Request) -> dict[str, Any]:
        """A fleeing unit turn by turn (``odds flee --format json``)."""
        return await answer("flee", req, request)


def _add_job_status_routes(app: FastAPI, jobs: Jobs) -> None:
    """A job's state (``GET /api/jobs/ID``) and its cancellation (``DELETE``)."""

    @app.get("/api/jobs/{job_id}", tags=["jobs"])
    async def job_status(job_id: str) -> dict[str, Any]:
        """A job's state, trials done, and its latest (refining) answer."""
        return jobs.get(job_id).status()

    @app.delete("/api/jobs/{job_id}", tags=["jobs"])
    async def job_cancel(job_id: str) -> dict[str, Any]:
        """Cancel a job (it stops after its current run)."""
        return jobs.cancel(job_id).status()


def _add_page(app: FastAPI) -> None:
    """The page (``/``) and its static files."""

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _lang_of(body: Any) -> str:
    """The ``lang`` of a request's JSON body (``en`` when it has none)."""
    lang = body.get("lang") if isinstance(body, dict) else None
    return lang if lang in LANGS else "en"


def _message(exc: BaseException, lang: str = "en") -> str:
    if isinstance(exc, OddsInputError):
        return error_text(str(exc), lang)
    if isinstance(exc, MemoryError):
        return "out of memory (try fewer trials or smaller units)"
    return f"internal error: {type(exc).__name__} (please report it)"


def _add_job_route(app: FastAPI, view: str, model: type,
                   run_view: Callable[[str, Any], dict[str, Any]]) -> None:
    async def start(req, request):
        if req.seed is None:  # every preview and the final run share one seed
            req = req.model_copy(update={"seed": secrets.randbits(32)})
        client = request.client.host if request.client else "?"
        job = request.app.state.jobs.start(
            client, req.trials,
            lambda n: run_view(view, req.model_copy(update={"trials": n})),
            lambda exc: _message(exc, getattr(req, "lang", "en")))
        return job.status()

    start.__annotations__ = {"req": model, "request": Request, "return": dict[str, Any]}
    start.__doc__ = f"Start a {view} job; poll ``GET /api/jobs/{{id}}`` for its answer."
    app.post(f"/api/jobs/{view}", tags=["jobs"], name=f"job_{view}")(start)
