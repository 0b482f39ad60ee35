#!/usr/bin/env node
'use strict';
// planck's CollidePolygons treats a polygon's radius as a skin around its faces: it finds the
// reference face by face separations only and reports depth = radius − face separation. For a
// polygon rounded by a radius far larger than the skin it was designed for (polygonRadius = 0.01),
// the corner-to-corner region is missed: square [0,1]² against square [1.5,2.5]² rounded by 0.8
// gives depth 0.3 along x, while the shapes overlap only at the rounded corner, by
// 0.8 − √0.5 = 0.0929 along (1,1)/√2 (minkowski's exact answer). The second contact point
// (0.85, 1.8) lies 0.8 above A. Box2D 2.4.1 computes the same (b2CollidePolygons).
// Run: node repro/rounded_corner_face_manifold.js
const planck = require('planck');
const xf = planck.Transform.identity();
const a = new planck.PolygonShape([planck.Vec2(0, 0), planck.Vec2(1, 0), planck.Vec2(1, 1), planck.Vec2(0, 1)]);
const b = new planck.PolygonShape([planck.Vec2(1.5, 1.5), planck.Vec2(2.5, 1.5), planck.Vec2(2.5, 2.5), planck.Vec2(1.5, 2.5)]);
a.m_radius = 0;
b.m_radius = 0.8;
const m = new planck.Manifold();
planck.CollidePolygons(m, a, xf, b, xf);
const w = m.getWorldManifold(null, xf, a.m_radius, xf, b.m_radius);
console.log(JSON.stringify({ pointCount: m.pointCount, normal: w.normal,
  points: w.points.slice(0, m.pointCount), separations: w.separations.slice(0, m.pointCount) }));
