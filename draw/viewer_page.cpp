#include "draw/viewer_page.hpp"

#include <fmt/format.h>

#include "draw/render.hpp"

namespace netsched::draw {
namespace {

/// JSON inside a <script> element: "</" must not appear literally.
std::string script_json(const nlohmann::json& j) {
  std::string s = j.dump();
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<')
      out += "\\u003c";
    else
      out += s[i];
  }
  return out;
}

constexpr const char* kStyle = R"(
body { font: 14px Helvetica, Arial, sans-serif; margin: 0; display: flex; height: 100vh; }
#main { flex: 1; display: flex; flex-direction: column; min-width: 0; }
#controls { padding: 8px; border-bottom: 1px solid #ccc; display: flex; gap: 8px; align-items: center; }
#step { flex: 1; }
#caption { padding: 4px 8px; min-height: 1.4em; }
#caption.violation { color: #d62728; font-weight: bold; }
#stage { flex: 1; overflow: auto; }
#stage svg { width: 100%; height: auto; }
aside { width: 360px; border-left: 1px solid #ccc; padding: 8px; overflow: auto; font-size: 12px; }
pre { white-space: pre-wrap; }
#hover { min-height: 2.8em; background: #f5f5f5; padding: 4px; }
g.frame g.node { pointer-events: none; }  /* hover reaches the network's node below */
#steps rect.current { fill: #f57c00; }
)";

constexpr const char* kScript = R"(
const data = JSON.parse(document.getElementById('data').textContent);
const frames = Array.from(document.querySelectorAll('g.frame'));
const slider = document.getElementById('step');
const caption = document.getElementById('caption');
const play = document.getElementById('play');
slider.max = frames.length - 1;
let current = 0, timer = null;
const slotOf = new Map(data.nodes.map((u, i) => [u, i]));
function holdingsAt(k) {
  if (!data.initial) return null;
  const held = data.initial.slice();
  for (let s = 0; s < Math.min(k + 1, data.held_after.length); ++s)
    for (const [slot, count] of data.held_after[s]) held[slot] = count;
  return held;
}
function show(k) {
  current = k;
  frames.forEach((f, i) => { f.style.display = i === k ? '' : 'none'; });
  caption.textContent = data.captions[k];
  caption.className = frames[k].classList.contains('violation') ? 'violation' : '';
  document.getElementById('position').textContent = (k + 1) + ' / ' + frames.length;
  document.body.dataset.frame = k;
  document.querySelectorAll('#steps rect.bar').forEach(b => {
    b.classList.toggle('current', Number(b.dataset.step) === k);
  });
}
slider.addEventListener('input', () => show(Number(slider.value)));
function step(delta) {
  slider.value = Math.max(0, Math.min(frames.length - 1, current + delta));
  slider.dispatchEvent(new Event('input'));
}
document.getElementById('prev').addEventListener('click', () => step(-1));
document.getElementById('next').addEventListener('click', () => step(1));
play.addEventListener('click', () => {
  if (timer) { clearInterval(timer); timer = null; play.textContent = 'play'; return; }
  play.textContent = 'pause';
  timer = setInterval(() => {
    if (current >= frames.length - 1) { clearInterval(timer); timer = null; play.textContent = 'play'; return; }
    step(1);
  }, 700);
});
const violationButton = document.getElementById('violation');
if (data.violation_frame === null) violationButton.disabled = true;
violationButton.addEventListener('click', () => {
  slider.value = data.violation_frame; slider.dispatchEvent(new Event('input'));
});
document.getElementById('stage').addEventListener('mouseover', (e) => {
  const g = e.target.closest('g.node');
  if (!g || !g.id.startsWith('n')) return;
  const slot = slotOf.get(Number(g.id.slice(1)));
  if (slot === undefined) return;
  const held = holdingsAt(current);
  document.getElementById('hover').textContent = 'node ' + data.nodes[slot] + ' = ' + data.labels[slot] +
    (held ? ': holds ' + held[slot] + ' ' + data.unit + ' after this frame' : '');
});
show(0);
if (location.hash === '#selftest') {
  const seen = [];
  for (let k = 0; k < frames.length; ++k) {
    slider.value = k; slider.dispatchEvent(new Event('input'));
    const visible = frames.filter(f => f.style.display !== 'none').map(f => Number(f.dataset.step));
    seen.push({frame: k, visible: visible, violation: caption.className === 'violation',
               caption: caption.textContent});
  }
  const held = holdingsAt(frames.length - 1);
  const out = document.createElement('pre');
  out.id = 'selftest';
  out.textContent = JSON.stringify({frames: frames.length, seen: seen,
    violation_frame: data.violation_frame, final_holdings: held});
  document.body.appendChild(out);
}
)";

}  // namespace

std::string viewer_page(const std::string& title, const std::string& svg,
                        const nlohmann::json& verification, const nlohmann::json& data,
                        const std::string& caption, const std::string& chart) {
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{0}</title>
<style>{1}</style></head>
<body>
<div id="main">
<div id="controls"><button id="prev">&lt;</button><button id="play">play</button><button id="next">&gt;</button>
<input type="range" id="step" min="0" value="0" aria-label="step"><span id="position"></span>
<button id="violation">first violation</button></div>
<div id="caption"></div>
<div id="stage">{2}</div>
</div>
<aside><h3>{0}</h3><p>{3}</p>
<p>Arrows: the step's transfers (label: payload size). Yellow: sends; green: receives; orange: both;
red: the first violation. Hover a node for what it holds.</p>
<div id="hover"></div>
<h4>every step</h4>{7}
<h4>verification</h4><pre id="record">{4}</pre></aside>
<script id="data" type="application/json">{5}</script>
<script>{6}</script>
</body></html>
)",
                     xml_escape(title), kStyle, svg, xml_escape(caption),
                     xml_escape(verification.dump(2)), script_json(data), kScript, chart);
}

}  // namespace netsched::draw
