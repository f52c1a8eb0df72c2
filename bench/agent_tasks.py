"""The agent tasks of the Playwright MCP trial, through the official MCP SDK client, pagenote against Playwright MCP
0.0.83 on the same pages in one run (issue 27, requirement 4).

Tasks (pages in bench/agent_pages/, TodoMVC's react example from the npm ``todomvc`` package):
  form     fill a 5-field form (2 textboxes, a combobox, a checkbox, a radio), submit, screenshot
  todomvc  add three todos, complete the second, filter Active, read the count of items left
  console  read the error a page logs (a code it makes up)
  dialog   click a button that opens a confirm, accept it
  late     wait for a text that appears 1.5 s after load, read the number in it
  upload   click the file input, answer the file chooser with a file

Each task is written once, as an agent reads results: it navigates, takes refs from the text it has (a snapshot
call only when no text in front of it shows the element), uses the server's own tools (``browser_fill_form``,
``browser_wait_for``, ``browser_file_upload``, ``browser_handle_dialog``, ``browser_console_messages``) and names
elements the way each tool's schema asks (``target``, else ``ref``; a ``snapshot_id`` only where the schema
requires one). Playwright MCP 0.0.83 links an action's snapshot as a file instead of showing it: its agent calls
``browser_snapshot`` when it needs refs or the page's text (the trial's way; reading the file instead would be
a call of the agent's own file tool with the same text). A step whose tool the server does not list makes the task "unsupported". Success is checked from the
page's own state, the same way for both: the page posts what it holds to the bench's HTTP server (form values, the
confirm's answer, the uploaded file's name and text, the logged code, the late number), and the agent's reading
must match it; TodoMVC's state is read with one uncounted ``browser_evaluate``.

Per task and server: runs succeeded, calls, characters of text returned (every text block of every result),
seconds waiting on the server (medians over the runs). Tasks alternate pagenote, Playwright MCP, pagenote, … in
one run; every task run gets a fresh origin (a new port). A report, not a gate: it prints the goals (every task
succeeds; calls ≤ the peer's on every task; characters and seconds ≤ 0.5× the peer's in total) and whether they
hold, and always exits 0 unless the bench itself cannot start.

    .venv/bin/python bench/agent_tasks.py [--runs 3] [--tasks form,todomvc,…] [--trace]

Needs Debian's ``chromium``, ``node``/``npm`` (the npm packages go to ``~/.cache/pagenote-bench`` on first run).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import secrets
import sys
import time
from pathlib import Path

import anyio
from mcp.client import Client

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _mcp_agent import Agent, Failed, Unsupported, ref_near  # noqa: E402
from _mcp_report import report  # noqa: E402
from _mcp_servers import Site, ensure_npm_packages, pagenote_params, peer_params  # noqa: E402

FORM = {"name": "Ada Lovelace", "email": "ada@example.org", "country": "jp", "news": True, "plan": "pro"}
TODOS = ("Buy milk", "Walk the dog", "Write the report")
TODO_CHECK = ("() => { const t = JSON.parse(localStorage.getItem('react-todos') || '[]');"
              " return 'CHECK:' + location.hash + ':' + t.length + ':' + t.filter((x) => x.completed).length + ':'"
              " + document.querySelectorAll('#todo-list li').length + ':END'; }")


async def posted(site: Site, run_id: str) -> dict | None:
    """What the page of run ``run_id`` posted to the bench's server (waiting up to 5 s in a worker thread)."""
    return await anyio.to_thread.run_sync(site.results.wait, run_id, 5)


async def navigate(agent: Agent, url: str) -> str:
    return (await agent.call("browser_navigate", {"url": url}))[1]


async def task_form(agent: Agent, origin: str, run_id: str, site: Site) -> str:
    await navigate(agent, f"{origin}/form.html?id={run_id}")
    names = [("Full name", "textbox", FORM["name"]), ("Email", "textbox", FORM["email"]),
             ("Country", "combobox", "Japan"), ("Send me the newsletter", "checkbox", "true"), ("Pro", "radio", "true")]
    item = agent.tools.get("browser_fill_form", {}).get("properties", {}).get("fields", {}).get("items", {})
    key = "target" if "target" in item.get("properties", {"target": 1}) else "ref"
    fields = [{"name": name, "type": kind, key: await agent.ref(kind, name), "value": value}
              for name, kind, value in names]
    args = {"fields": fields, **{k: v for k, v in agent.target_args("browser_fill_form", "").items()
                                 if k == "snapshot_id"}}
    await agent.call("browser_fill_form", args)
    button = await agent.ref("button", "Create account")
    await agent.call("browser_click", {"element": "Create account", **agent.target_args("browser_click", button)})
    shot, _ = await agent.call(agent.first_of("browser_take_screenshot", "take_screenshot"), {})
    if not any(c.type == "image" for c in shot.content):
        raise Failed("the screenshot result has no image")
    held = await posted(site, run_id)
    if held != FORM:
        raise Failed(f"the page holds {held}")
    return "ok"


def items_left(text: str) -> int | None:
    found = re.findall(r"(\d+)\D{0,80}?items? left", text)
    return int(found[-1]) if found else None


async def task_todomvc(agent: Agent, origin: str, run_id: str, site: Site) -> str:
    await navigate(agent, f"{origin}/todomvc/examples/react/index.html")
    for title in TODOS:
        # the app renders after load (its JSX is compiled in the page): its heading is the sign it is there
        box = await agent.ref("textbox", "What needs to be done?", appears_with="todos")
        await agent.call("browser_type", {"element": "new todo", **agent.target_args("browser_type", box),
                                          "text": title, "submit": True})
    toggle = ref_near(agent.all_seen(), "checkbox", TODOS[1])
    if toggle is None:
        text = await agent.snapshot()
        toggle = ref_near(text, "checkbox", TODOS[1])
    if toggle is None:
        raise Failed(f"no checkbox by {TODOS[1]!r} in the snapshot")
    since_toggle = len(agent.seen)
    await agent.call("browser_click", {"element": f"toggle {TODOS[1]}", **agent.target_args("browser_click", toggle)})
    active = await agent.ref("link", "Active")
    await agent.call("browser_click", {"element": "Active filter", **agent.target_args("browser_click", active)})
    # the count as the results since the toggle show it (a diff leaves out the lines that held), else a snapshot
    count = items_left("\n".join(agent.seen[since_toggle:]))
    if count is None:
        text = await agent.snapshot()
        count = items_left(text)
    check = re.search(r"CHECK:([^:]*):(\d+):(\d+):(\d+):END", await agent.quiet_call("browser_evaluate",
                                                                                     {"function": TODO_CHECK}))
    state = check.groups() if check else None
    if state != ("#/active", "3", "1", "2") or count != 2:
        raise Failed(f"read {count} items left; the page holds hash, todos, completed, shown = {state}")
    return "ok"


async def task_console(agent: Agent, origin: str, run_id: str, site: Site) -> str:
    await navigate(agent, f"{origin}/console.html?id={run_id}")
    _, text = await agent.call("browser_console_messages", {"level": "error"})
    read = re.findall(r"basket failed to load: (E\d+)", text)
    held = await posted(site, run_id) or {}
    if not read or read[-1] != held.get("code"):
        raise Failed(f"read {read}, the page logged {held.get('code')}")
    return "ok"


async def task_dialog(agent: Agent, origin: str, run_id: str, site: Site) -> str:
    await navigate(agent, f"{origin}/dialog.html?id={run_id}")
    button = await agent.ref("button", "Delete draft")
    # the click opens a confirm: a result may say so as an error (the click happened all the same)
    _, text = await agent.call("browser_click", {"element": "Delete draft",
                                                 **agent.target_args("browser_click", button)}, ok_error=True)
    if "dialog" not in text.lower():
        raise Failed("the click's result does not mention the dialog")
    await agent.call("browser_handle_dialog", {"accept": True})
    held = await posted(site, run_id)
    if held != {"confirmed": True}:
        raise Failed(f"the page holds {held}")
    return "ok"


async def task_late(agent: Agent, origin: str, run_id: str, site: Site) -> str:
    await navigate(agent, f"{origin}/late.html?id={run_id}")
    _, text = await agent.call("browser_wait_for", {"text": "Report ready"})
    number = re.findall(r"Report ready: number (\d+)", text)
    if not number:
        text = await agent.snapshot()
        number = re.findall(r"Report ready: number (\d+)", text)
    held = await posted(site, run_id) or {}
    if not number or number[-1] != held.get("number"):
        raise Failed(f"read {number}, the page shows {held.get('number')}")
    return "ok"


async def task_upload(agent: Agent, origin: str, run_id: str, site: Site) -> str:
    agent.first_of("browser_file_upload")
    path = agent.files / f"notes-{run_id}.txt"   # where the server lets agents upload from
    path.write_text(f"bench upload {run_id}\n")
    await navigate(agent, f"{origin}/upload.html?id={run_id}")
    chooser = await agent.ref("button", "Attachment")
    _, text = await agent.call("browser_click", {"element": "Attachment",
                                                 **agent.target_args("browser_click", chooser)}, ok_error=True)
    if "file chooser" not in text.lower():
        raise Failed("the click's result does not mention a file chooser")
    await agent.call("browser_file_upload", {"paths": [str(path)]})
    held = await posted(site, run_id)
    if held != {"name": path.name, "size": path.stat().st_size, "text": path.read_text()}:
        raise Failed(f"the page holds {held}")
    return "ok"


TASKS = {"form": task_form, "todomvc": task_todomvc, "console": task_console, "dialog": task_dialog,
         "late": task_late, "upload": task_upload}


async def clean_up(agent: Agent) -> None:
    """After a failed task: answer a dialog or file chooser it may have left open (uncounted, errors ignored)."""
    for name, args in (("browser_handle_dialog", {"accept": False}), ("browser_file_upload", {})):
        if agent.has(name):
            with contextlib.suppress(Exception):
                await agent.quiet_call(name, args)


async def run_task(agent: Agent, name: str, site: Site) -> dict:
    agent.reset()
    run_id = secrets.token_hex(4)
    try:
        outcome = await TASKS[name](agent, site.origin(), run_id, site)
    except Unsupported as missing:
        outcome = f"unsupported: no {missing}"
    except Failed as failure:
        outcome = f"failed: {failure}"
    except Exception as error:  # a crash of the server or client is the task's outcome, shown in the report
        outcome = f"failed: {type(error).__name__}: {error}"
    row = {"outcome": outcome, "calls": agent.calls, "chars": agent.chars, "seconds": agent.seconds,
           "errors": agent.errors, "per_call": agent.per_call}
    if outcome != "ok":
        await clean_up(agent)
        row["last_results"] = [text[:4000] for text in agent.seen[-3:]]   # what the agent saw last (--json)
    return row


async def session(params, label: str, files: Path, trace: bool, stack: contextlib.AsyncExitStack) -> Agent:
    client = await stack.enter_async_context(Client(params, mode="legacy", read_timeout_seconds=120))
    tools = {t.name: t.input_schema for t in (await client.list_tools()).tools}
    return Agent(label, client, tools, files, trace)


async def bench(runs: int, names: list[str], trace: bool) -> dict:
    modules = ensure_npm_packages()
    site = Site(modules / "todomvc")
    results: dict[str, dict[str, list[dict]]] = {n: {"pagenote": [], "playwright-mcp": []} for n in names}
    home = site.origin() + "/index.html"
    with pagenote_params(home) as (ours, our_files), peer_params(modules) as (peer, peer_files):
        async with contextlib.AsyncExitStack() as stack:
            agents = [await session(ours, "pagenote", our_files, trace, stack),
                      await session(peer, "playwright-mcp", peer_files, trace, stack)]
            for agent in agents:   # the browser's start (Playwright MCP launches it on the first call) is not timed
                await agent.quiet_call("browser_navigate", {"url": home})
            for run in range(runs):
                for name in names:
                    for agent in agents:
                        row = await run_task(agent, name, site)
                        results[name][agent.label].append(row)
                        print(f"run {run + 1} {name:<8} {agent.label:<15} {row['outcome'][:90]:<40} "
                              f"{row['calls']:>2} calls {row['chars']:>6} chars {row['seconds']:6.2f} s",
                              file=sys.stderr, flush=True)
    site.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tasks", default=",".join(TASKS), help="comma-separated, of: " + ", ".join(TASKS))
    parser.add_argument("--trace", action="store_true", help="print every call and (the start of) its result")
    parser.add_argument("--json", type=Path, help="also write the raw per-run figures here")
    args = parser.parse_args()
    names = [n for n in args.tasks.split(",") if n]
    unknown = set(names) - set(TASKS)
    if unknown:
        parser.error(f"unknown tasks: {', '.join(sorted(unknown))}")
    load = os.getloadavg()[0]
    results = anyio.run(bench, args.runs, names, args.trace)
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, load average"
          f" {load:.1f} at the start and {os.getloadavg()[0]:.1f} at the end")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    report(results, args.runs)


if __name__ == "__main__":
    main()
