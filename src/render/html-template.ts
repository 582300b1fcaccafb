/**
 * The plan report page's style and script, inlined by html-report.ts. The script runs in the
 * browser (no network, no modules): it reads the plan from the page's JSON, lays the graph out
 * with dagre (inlined before it), draws it as SVG, and wires zoom, search and the detail panel.
 * Everything taken from the plan is set as text, never as markup. Written without template
 * literals so that it can live in one here.
 */

export const REPORT_STYLE = String.raw`
:root { --fg: #111827; --muted: #6b7280; --line: #e5e7eb; --bg: #ffffff; --panel: #f9fafb; --accent: #2563eb; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
body { display: flex; flex-direction: column; }
header { padding: 10px 16px; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
header h1 { font-size: 16px; margin: 0; font-weight: 600; }
header .meta { color: var(--muted); font-size: 12px; }
#summary { display: flex; flex-wrap: wrap; gap: 6px; }
.chip { display: inline-flex; align-items: center; gap: 6px; border: 1px solid; border-radius: 999px; padding: 1px 10px; font-size: 12px; white-space: nowrap; }
.chip b { font-variant-numeric: tabular-nums; }
.toolbar { display: flex; align-items: center; gap: 6px; margin-left: auto; }
.toolbar button, .toolbar label { font: inherit; font-size: 12px; border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 3px 8px; cursor: pointer; }
.toolbar label { display: inline-flex; gap: 4px; align-items: center; }
.search { position: relative; }
#search { font: inherit; font-size: 13px; width: 260px; padding: 4px 8px; border: 1px solid #d1d5db; border-radius: 6px; }
#results { position: absolute; top: 30px; left: 0; width: 420px; max-height: 320px; overflow: auto; background: #fff; border: 1px solid var(--line); border-radius: 6px; box-shadow: 0 6px 20px rgba(0,0,0,.12); z-index: 5; margin: 0; padding: 4px 0; list-style: none; }
#results:empty { display: none; }
#results li { padding: 3px 10px; cursor: pointer; font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#results li:hover { background: #eff6ff; }
main { flex: 1; display: flex; min-height: 0; }
#canvas { flex: 1; position: relative; min-width: 0; overflow: hidden; background: #fcfcfd; background-image: radial-gradient(#e5e7eb 1px, transparent 1px); background-size: 20px 20px; }
#graph { width: 100%; height: 100%; display: block; cursor: grab; user-select: none; }
#graph.panning { cursor: grabbing; }
#hint { position: absolute; left: 12px; bottom: 10px; color: var(--muted); font-size: 12px; background: rgba(255,255,255,.85); padding: 2px 6px; border-radius: 4px; }
#empty { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; color: var(--muted); font-size: 15px; }
.node { cursor: pointer; }
.node .shape { stroke-width: 1.5; }
.node text { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; pointer-events: none; }
.node .tok { opacity: .75; font-size: 11px; }
.node .nm { font-weight: 600; }
.node.context { opacity: .55; }
.node.selected .shape { stroke-width: 3.5; stroke: var(--accent) !important; }
.node.match .shape { stroke-width: 3; stroke: #f59e0b !important; }
#graph.searching .node:not(.match) { opacity: .25; }
#graph.searching .edge { opacity: .15; }
.edge { fill: none; stroke: #9ca3af; stroke-width: 1.2; }
.edge.hot { stroke: var(--accent); stroke-width: 2; }
aside { width: 440px; max-width: 45vw; border-left: 1px solid var(--line); background: var(--panel); overflow: auto; padding: 12px 16px 24px; }
aside h2 { font-size: 15px; margin: 4px 0 2px; word-break: break-all; }
aside h3 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 16px 0 6px; }
aside .addr { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--muted); word-break: break-all; }
.badge { display: inline-block; border: 1px solid; border-radius: 4px; padding: 0 6px; font-size: 12px; font-weight: 600; }
.diff { font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; margin: 0; padding: 0; list-style: none; }
.diff li { padding: 2px 0; border-bottom: 1px dashed var(--line); word-break: break-word; }
.diff .sym { display: inline-block; width: 2.2em; font-weight: 700; }
.diff .add .sym { color: #15803d; } .diff .remove .sym { color: #b91c1c; } .diff .change .sym { color: #b45309; }
.diff .path { font-weight: 600; }
.diff .before { color: #991b1b; } .diff .after { color: #166534; }
.diff .folded { color: var(--muted); font-style: italic; }
.diff .forces { color: #7e22ce; font-weight: 600; margin-left: 6px; }
.lines { margin: 4px 0 2px 2.2em; padding: 4px 6px; background: #fff; border: 1px solid var(--line); border-radius: 4px; white-space: pre-wrap; }
.lines .l-add { background: #dcfce7; display: block; } .lines .l-del { background: #fee2e2; display: block; } .lines .l-keep { color: var(--muted); display: block; }
ul.plain { margin: 0; padding-left: 18px; }
ul.plain li { margin: 2px 0; }
.warn { color: #92400e; }
a.step { color: var(--accent); cursor: pointer; text-decoration: none; font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
a.step:hover { text-decoration: underline; }
.group { margin-bottom: 10px; }
.muted { color: var(--muted); }
`

export const REPORT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('plan-data').textContent);
  var steps = data.steps;
  var S = data.styles;
  var SVGNS = 'http://www.w3.org/2000/svg';
  var CHAR = 7.3, PAD = 12, NODE_H = 40, MAX_CHARS = 48;
  var svg = document.getElementById('graph');
  var view = document.getElementById('viewport');
  var panel = document.getElementById('detail');
  var search = document.getElementById('search');
  var results = document.getElementById('results');
  var toggle = document.getElementById('show-unchanged');
  var showAll = false, revealed = {}, selected = -1, placed = {}, nodesEl = {}, edgesEl = [];
  var t = { x: 0, y: 0, k: 1 }, bounds = { w: 0, h: 0 };

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function sel(tag, attrs) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }
  function unchanged(s) { return s.action === 'noop' || s.action === 'read'; }
  function shown(s) { return showAll || !unchanged(s); }
  function cut(s) { return s.length > MAX_CHARS ? s.slice(0, MAX_CHARS - 1) + '\u2026' : s; }
  function label(s) { return s.token + ' "' + s.name + '"'; }
  // a replacement's order in its symbol, as the text plan shows it: -/+ deletes first, +/- creates first
  function sign(s) { return s.action === 'replace' && !s.deleteBeforeReplace ? '+/-' : S[s.action].sign.trim(); }

  // ── layout and drawing ──────────────────────────────────────────────────
  // unchanged nodes are collapsed, except those a change depends on or feeds (drawn faded, as context)
  function visibleSet() {
    var vis = {};
    steps.forEach(function (s, i) { if (shown(s) || revealed[i]) vis[i] = 'main'; });
    if (!showAll) data.edges.forEach(function (e) {
      if (vis[e[0]] === 'main' && !vis[e[1]]) vis[e[1]] = 'context';
      if (vis[e[1]] === 'main' && !vis[e[0]]) vis[e[0]] = 'context';
    });
    return vis;
  }
  function size(s) {
    var chars = Math.max(cut(s.token).length, cut(s.name).length + 3);
    return { width: Math.round(chars * CHAR + 2 * PAD + (s.kind === 'Lookup' ? 16 : 0)), height: NODE_H };
  }
  // each connected part laid out by dagre on its own, then the parts packed in rows about as wide
  // as the window's shape asks: a thousand unrelated nodes fill a page instead of one tall column
  function layout(vis) {
    var ids = Object.keys(vis).map(Number);
    var parent = {};
    function find(x) { while (parent[x] !== x) { parent[x] = parent[parent[x]]; x = parent[x]; } return x; }
    ids.forEach(function (i) { parent[i] = i; });
    var edges = data.edges.filter(function (e) { return vis[e[0]] && vis[e[1]]; });
    edges.forEach(function (e) { parent[find(e[0])] = find(e[1]); });
    var parts = {}, order = [];
    ids.forEach(function (i) { var r = find(i); if (!parts[r]) { parts[r] = { nodes: [], edges: [] }; order.push(r); } parts[r].nodes.push(i); });
    edges.forEach(function (e) { parts[find(e[0])].edges.push(e); });
    var laid = order.map(function (r) {
      var part = parts[r];
      if (part.nodes.length === 1) {
        var z = size(steps[part.nodes[0]]), one = {};
        one[part.nodes[0]] = { x: z.width / 2, y: z.height / 2, width: z.width, height: z.height };
        return { nodes: one, edges: [], width: z.width, height: z.height };
      }
      var g = new dagre.graphlib.Graph();
      g.setGraph({ rankdir: 'LR', nodesep: 12, ranksep: 70, edgesep: 6, marginx: 0, marginy: 0 });
      g.setDefaultEdgeLabel(function () { return {}; });
      part.nodes.forEach(function (i) { g.setNode(String(i), size(steps[i])); });
      part.edges.forEach(function (e) { g.setEdge(String(e[0]), String(e[1])); });
      dagre.layout(g);
      var nodes = {};
      g.nodes().forEach(function (id) { nodes[id] = g.node(id); });
      return { nodes: nodes, edges: g.edges().map(function (e) { return { v: e.v, w: e.w, points: g.edge(e).points }; }), width: g.graph().width, height: g.graph().height };
    });
    var GAP = 28, area = 0, widest = 0;
    laid.forEach(function (c) { area += (c.width + GAP) * (c.height + GAP); widest = Math.max(widest, c.width); });
    var r = svg.getBoundingClientRect(), aspect = r.width > 0 && r.height > 0 ? r.width / r.height : 1.5;
    var rowWidth = Math.max(widest, Math.sqrt(area * aspect));
    laid.sort(function (a, b) { return b.height - a.height; });
    var out = { nodes: {}, edges: [], width: 0, height: 0 }, x = GAP, y = GAP, rowH = 0;
    laid.forEach(function (c) {
      if (x > GAP && x + c.width > rowWidth + GAP) { x = GAP; y += rowH + GAP; rowH = 0; }
      Object.keys(c.nodes).forEach(function (id) { var n = c.nodes[id]; out.nodes[id] = { x: n.x + x, y: n.y + y, width: n.width, height: n.height }; });
      c.edges.forEach(function (e) { out.edges.push({ v: e.v, w: e.w, points: e.points.map(function (p) { return { x: p.x + x, y: p.y + y }; }) }); });
      x += c.width + GAP; rowH = Math.max(rowH, c.height);
      out.width = Math.max(out.width, x); out.height = Math.max(out.height, y + rowH + GAP);
    });
    return out;
  }

  function draw() {
    while (view.firstChild) view.removeChild(view.firstChild);
    placed = {}; nodesEl = {}; edgesEl = [];
    var vis = visibleSet();
    var g = layout(vis);
    var edges = sel('g', { class: 'edges' }), nodes = sel('g', { class: 'nodes' });
    view.appendChild(edges); view.appendChild(nodes);
    g.edges.forEach(function (e) {
      var d = 'M' + e.points.map(function (p) { return p.x.toFixed(1) + ' ' + p.y.toFixed(1); }).join(' L');
      var path = sel('path', { class: 'edge', d: d, 'marker-end': 'url(#arrow)', 'data-from': e.v, 'data-to': e.w });
      edges.appendChild(path);
      edgesEl.push(path);
    });
    Object.keys(g.nodes).forEach(function (id) {
      var n = g.nodes[id], s = steps[+id], st = S[s.action];
      placed[id] = n;
      var x = n.x - n.width / 2, y = n.y - n.height / 2;
      var grp = sel('g', { class: 'node' + (vis[id] === 'context' ? ' context' : ''), transform: 'translate(' + x + ',' + y + ')', 'data-i': id, 'data-action': s.action, 'data-kind': s.kind, 'data-address': s.address });
      var shape = s.kind === 'Lookup'
        ? sel('polygon', { points: '10,0 ' + n.width + ',0 ' + (n.width - 10) + ',' + n.height + ' 0,' + n.height })
        : sel('rect', { width: n.width, height: n.height, rx: 6 });
      shape.setAttribute('class', 'shape');
      shape.setAttribute('fill', st.fill);
      shape.setAttribute('stroke', st.stroke);
      if (s.action === 'noop') shape.setAttribute('stroke-dasharray', '4 3');
      var title = sel('title'); title.textContent = s.action + ': ' + label(s);
      var pad = PAD + (s.kind === 'Lookup' ? 8 : 0);
      var tok = sel('text', { class: 'tok', x: pad, y: 16, fill: st.text }); tok.textContent = cut(s.token);
      var nm = sel('text', { class: 'nm', x: pad, y: 32, fill: st.text }); nm.textContent = (sign(s) ? sign(s) + ' ' : '') + cut(s.name);
      grp.appendChild(title); grp.appendChild(shape); grp.appendChild(tok); grp.appendChild(nm);
      grp.addEventListener('click', function (ev) { ev.stopPropagation(); select(+id, false); });
      nodes.appendChild(grp);
      nodesEl[id] = grp;
    });
    bounds = { w: g.width, h: g.height };
    document.getElementById('empty').style.display = Object.keys(g.nodes).length === 0 ? 'flex' : 'none';
    mark();
  }

  // ── zoom and pan ────────────────────────────────────────────────────────
  function apply() { view.setAttribute('transform', 'translate(' + t.x + ',' + t.y + ') scale(' + t.k + ')'); }
  function clampK(k) { return Math.min(4, Math.max(0.03, k)); }
  function zoomAt(k, cx, cy) {
    k = clampK(k);
    t.x = cx - (cx - t.x) * (k / t.k); t.y = cy - (cy - t.y) * (k / t.k); t.k = k; apply();
  }
  function fit() {
    var r = svg.getBoundingClientRect();
    if (!bounds.w || !bounds.h) { t = { x: 0, y: 0, k: 1 }; return apply(); }
    var k = clampK(Math.min(r.width / bounds.w, r.height / bounds.h, 1.2));
    t = { k: k, x: (r.width - bounds.w * k) / 2, y: Math.max(0, (r.height - bounds.h * k) / 2) };
    apply();
  }
  // a large graph opens readable (text at full size, from its top) rather than fitted into a speck
  function initial() {
    var r = svg.getBoundingClientRect();
    if (bounds.w && Math.min(r.width / bounds.w, r.height / bounds.h) >= 0.6) return fit();
    t = { x: 0, y: 0, k: 1 }; apply();
  }
  function centre(id) {
    var n = placed[id]; if (!n) return;
    var r = svg.getBoundingClientRect();
    if (t.k < 0.6) t.k = 1;
    t.x = r.width / 2 - n.x * t.k; t.y = r.height / 2 - n.y * t.k; apply();
  }
  svg.addEventListener('wheel', function (ev) {
    ev.preventDefault();
    var r = svg.getBoundingClientRect();
    zoomAt(t.k * Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
  }, { passive: false });
  var drag = null;
  svg.addEventListener('pointerdown', function (ev) {
    if (ev.target.closest && ev.target.closest('.node')) return;
    drag = { x: ev.clientX, y: ev.clientY, tx: t.x, ty: t.y, moved: false };
    svg.classList.add('panning');
  });
  window.addEventListener('pointermove', function (ev) {
    if (!drag) return;
    t.x = drag.tx + ev.clientX - drag.x; t.y = drag.ty + ev.clientY - drag.y;
    if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 3) drag.moved = true;
    apply();
  });
  var panned = false;
  window.addEventListener('pointerup', function () { svg.classList.remove('panning'); panned = !!drag && drag.moved; drag = null; });
  function zoomBy(f) { var r = svg.getBoundingClientRect(); zoomAt(t.k * f, r.width / 2, r.height / 2); }
  document.getElementById('zoom-in').addEventListener('click', function () { zoomBy(1.25); });
  document.getElementById('zoom-out').addEventListener('click', function () { zoomBy(0.8); });
  document.getElementById('zoom-fit').addEventListener('click', fit);
  document.getElementById('zoom-reset').addEventListener('click', function () { t = { x: 0, y: 0, k: 1 }; apply(); });

  // ── search ──────────────────────────────────────────────────────────────
  function matches(q) {
    var out = [];
    if (!q) return out;
    steps.forEach(function (s, i) {
      if ((s.address + ' ' + s.action + ' ' + label(s)).toLowerCase().indexOf(q) >= 0) out.push(i);
    });
    return out;
  }
  function mark() {
    var q = search.value.trim().toLowerCase();
    var hits = matches(q), set = {};
    hits.forEach(function (i) { set[i] = true; });
    svg.classList.toggle('searching', q.length > 0);
    Object.keys(nodesEl).forEach(function (id) {
      nodesEl[id].classList.toggle('match', !!set[id]);
      nodesEl[id].classList.toggle('selected', +id === selected);
    });
    edgesEl.forEach(function (p) {
      var hot = selected >= 0 && (+p.getAttribute('data-from') === selected || +p.getAttribute('data-to') === selected);
      p.classList.toggle('hot', hot);
    });
    document.getElementById('match-count').textContent = q ? hits.length + ' found' : '';
  }
  function fillResults() {
    var hits = matches(search.value.trim().toLowerCase());
    while (results.firstChild) results.removeChild(results.firstChild);
    hits.slice(0, 50).forEach(function (i) {
      var li = el('li', { 'data-i': String(i) }, sign(steps[i]) + ' ' + label(steps[i]) + (nodesEl[i] ? '' : '  (unchanged, hidden)'));
      li.addEventListener('click', function () { select(i, true); results.textContent = ''; });
      results.appendChild(li);
    });
    if (hits.length > 50) results.appendChild(el('li', { class: 'muted' }, (hits.length - 50) + ' more\u2026'));
  }
  search.addEventListener('input', function () { mark(); fillResults(); });
  search.addEventListener('keydown', function (ev) {
    if (ev.key === 'Enter') { var h = matches(search.value.trim().toLowerCase()); if (h.length) select(h[0], true); results.textContent = ''; }
    if (ev.key === 'Escape') { search.value = ''; mark(); results.textContent = ''; }
  });

  // ── unchanged nodes ─────────────────────────────────────────────────────
  var hiddenCount = steps.filter(unchanged).length;
  document.getElementById('unchanged-count').textContent = String(hiddenCount);
  toggle.checked = false;
  toggle.addEventListener('change', function () { showAll = toggle.checked; revealed = {}; draw(); initial(); });

  // ── detail panel ────────────────────────────────────────────────────────
  function section(title) { panel.appendChild(el('h3', {}, title)); }
  function show(v) { return v === null || v === undefined ? '(none)' : typeof v === 'string' && (v === '[secret]' || v === '(known after apply)') ? v : JSON.stringify(v); }
  function lines(ops) {
    var pre = el('div', { class: 'lines' });
    ops.forEach(function (l) {
      pre.appendChild(el('span', { class: l.op === '+' ? 'l-add' : l.op === '-' ? 'l-del' : 'l-keep' }, l.op + ' ' + l.text));
    });
    return pre;
  }
  function row(list, r, forces) {
    var li = el('li', { class: r.kind });
    li.appendChild(el('span', { class: 'sym' }, r.kind === 'add' ? '+' : r.kind === 'remove' ? '-' : '~'));
    li.appendChild(el('span', { class: 'path' }, r.path));
    if (r.lines) {
      li.appendChild(el('span', {}, ':'));
      if (forces) li.appendChild(el('span', { class: 'forces' }, 'forces replacement'));
      li.appendChild(lines(r.lines));
    } else {
      if (r.kind === 'add') { li.appendChild(el('span', {}, ' = ')); li.appendChild(el('span', { class: 'after' }, show(r.after))); }
      else if (r.kind === 'remove') { li.appendChild(el('span', {}, ' = ')); li.appendChild(el('span', { class: 'before' }, show(r.before))); }
      else { li.appendChild(el('span', {}, ': ')); li.appendChild(el('span', { class: 'before' }, show(r.before))); li.appendChild(el('span', {}, ' \u2192 ')); li.appendChild(el('span', { class: 'after' }, show(r.after))); }
      if (forces) li.appendChild(el('span', { class: 'forces' }, 'forces replacement'));
    }
    list.appendChild(li);
  }
  function stepLink(i) {
    var a = el('a', { class: 'step', 'data-i': String(i) }, sign(steps[i]) + ' ' + label(steps[i]));
    a.addEventListener('click', function () { select(i, true); });
    return a;
  }
  function detail(i) {
    panel.textContent = '';
    var s = steps[i], st = S[s.action];
    var badge = el('span', { class: 'badge', style: 'background:' + st.fill + ';border-color:' + st.stroke + ';color:' + st.text }, s.action);
    panel.appendChild(badge);
    panel.appendChild(el('h2', {}, label(s)));
    panel.appendChild(el('div', { class: 'addr' }, s.address + ' \u00b7 ' + s.kind.toLowerCase() + ' \u00b7 provider ' + s.provider));
    section('Changes');
    var list = el('ul', { class: 'diff', id: 'diff' });
    s.diff.forEach(function (d) {
      var forces = d.replaces && s.action === 'replace';
      (d.changes || [{ path: d.path, kind: d.kind, before: d.before, after: d.after, lines: d.lines }]).forEach(function (r) { row(list, r, forces); });
      if (d.unchanged) list.appendChild(el('li', { class: 'folded' }, d.unchanged + ' unchanged in ' + d.path));
    });
    if (!s.diff.length) list.appendChild(el('li', { class: 'folded' }, s.action === 'read' ? 'a lookup: read at plan time' : s.action === 'noop' ? 'no change' : 'no field changes'));
    panel.appendChild(list);
    if (s.replaceReasons.length) {
      section('Why it is replaced');
      var rl = el('ul', { class: 'plain', id: 'replace-reasons' });
      s.replaceReasons.forEach(function (r) { rl.appendChild(el('li', {}, r)); });
      panel.appendChild(rl);
    }
    if (s.notes.length) {
      section('Notes');
      var nl = el('ul', { class: 'plain' });
      s.notes.forEach(function (n) { nl.appendChild(el('li', {}, n)); });
      panel.appendChild(nl);
    }
    if (s.warnings.length) {
      section('Warnings');
      var wl = el('ul', { class: 'plain warn', id: 'warnings' });
      s.warnings.forEach(function (w) { wl.appendChild(el('li', {}, (w.path ? w.path + ': ' : '') + (w.message ? w.message + ' ' : '') + 'expected ' + w.expected + ', got ' + w.given)); });
      panel.appendChild(wl);
    }
    if (s.findings.length) {
      section('Policies');
      var fl = el('ul', { class: 'plain warn', id: 'findings' });
      s.findings.forEach(function (f) { fl.appendChild(el('li', {}, findingText(f))); });
      panel.appendChild(fl);
    }
    section('Rules checked for ' + s.token);
    if (s.rules.length) {
      var ul = el('ul', { class: 'plain', id: 'rules' });
      s.rules.forEach(function (r) { ul.appendChild(el('li', {}, r)); });
      panel.appendChild(ul);
    } else panel.appendChild(el('div', { class: 'muted' }, 'none beyond the field types'));
    var deps = data.edges.filter(function (e) { return e[1] === i; }).map(function (e) { return e[0]; });
    var users = data.edges.filter(function (e) { return e[0] === i; }).map(function (e) { return e[1]; });
    if (deps.length) { section('Depends on'); var dl = el('div'); deps.forEach(function (j) { dl.appendChild(stepLink(j)); dl.appendChild(el('br')); }); panel.appendChild(dl); }
    if (users.length) { section('Used by'); var ub = el('div'); users.forEach(function (j) { ub.appendChild(stepLink(j)); ub.appendChild(el('br')); }); panel.appendChild(ub); }
  }
  function findingText(f) {
    var mark = f.status === 'needs-apply-check' ? 'checked at apply' : f.enforcement;
    return '[' + mark + '] ' + f.policy + (f.path ? ' (' + f.path + ')' : '') + ': ' + f.message;
  }
  function overview() {
    panel.textContent = '';
    panel.appendChild(el('h2', {}, 'Changes'));
    panel.appendChild(el('div', { class: 'muted' }, 'Click a node, or a line below, to see its field changes.'));
    var order = ['create', 'update', 'replace', 'delete', 'forget', 'import'];
    var any = false;
    order.forEach(function (a) {
      var idx = []; steps.forEach(function (s, i) { if (s.action === a) idx.push(i); });
      if (!idx.length) return;
      any = true;
      section(a + ' (' + idx.length + ')');
      var g = el('div', { class: 'group' });
      idx.slice(0, 200).forEach(function (i) { g.appendChild(stepLink(i)); g.appendChild(el('br')); });
      if (idx.length > 200) g.appendChild(el('div', { class: 'muted' }, (idx.length - 200) + ' more: search to find them'));
      panel.appendChild(g);
    });
    if (!any) panel.appendChild(el('p', {}, 'No changes. The platform matches the stack.'));
    if (data.findings.length) {
      section('Policies (' + data.findings.length + ')');
      var pl = el('ul', { class: 'plain warn', id: 'all-findings' });
      data.findings.forEach(function (f) { pl.appendChild(el('li', {}, f.node + ': ' + findingText(f))); });
      panel.appendChild(pl);
    }
    if (data.warnings.length) {
      section('Warnings');
      var wl = el('ul', { class: 'plain warn' });
      data.warnings.forEach(function (w) { wl.appendChild(el('li', {}, w.node + (w.path ? ' ' + w.path : '') + ': ' + (w.message ? w.message + ' ' : '') + 'expected ' + w.expected + ', got ' + w.given)); });
      panel.appendChild(wl);
    }
  }
  function select(i, move) {
    // an unchanged node asked for is drawn with its neighbours, the others stay collapsed
    if (!nodesEl[i]) { revealed[i] = true; draw(); }
    selected = i;
    detail(i);
    mark();
    if (move) centre(String(i));
  }
  svg.addEventListener('click', function () { if (!panned && selected >= 0) { selected = -1; overview(); mark(); } });

  overview();
  draw();
  initial();
  document.body.setAttribute('data-ready', 'true');
})();
`
