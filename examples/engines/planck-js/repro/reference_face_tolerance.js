#!/usr/bin/env node
'use strict';
// planck's CollidePolygons (as Box2D's b2CollidePolygons) keeps A's face as the reference face
// unless B's face separates by more than 0.1·linearSlop = 0.0005, so the reported depth can exceed
// the minimum depth by up to 0.0005 — a design choice (stable contacts between frames), in metres.
// Minimal case found/convex-2671fc3e7f3cd68e.json (its hulls; the fixture repeats points):
// A = triangle (−1, −1), (−0.85, −1), (−0.96, −0.17); B = triangle (−2.76, −2.01), (−1.01, −2.01),
// (−0.9, −0.17), radius 0 (skins set to 0). minkowski's exact answer (the fixture's "expected"):
// overlapping, depth 0.059893067734465833. planck's deepest contact: 0.059897067, 4e-6 deeper.
// Run: node repro/reference_face_tolerance.js
const planck = require('planck');
const xf = planck.Transform.identity();
const a = new planck.PolygonShape([planck.Vec2(-1, -1), planck.Vec2(-0.85, -1), planck.Vec2(-0.96, -0.17)]);
const b = new planck.PolygonShape([planck.Vec2(-2.76, -2.01), planck.Vec2(-1.01, -2.01), planck.Vec2(-0.9, -0.17000000000000004)]);
a.m_radius = 0;
b.m_radius = 0;
const m = new planck.Manifold();
planck.CollidePolygons(m, a, xf, b, xf);
const w = m.getWorldManifold(null, xf, a.m_radius, xf, b.m_radius);
const separations = w.separations.slice(0, m.pointCount);
const exactDepth = 0.059893067734465833;
console.log(JSON.stringify({ pointCount: m.pointCount, normal: w.normal, points: w.points.slice(0, m.pointCount),
  separations, deepest: -Math.min(...separations), exactDepth }));
