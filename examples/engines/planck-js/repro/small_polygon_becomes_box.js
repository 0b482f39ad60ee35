#!/usr/bin/env node
'use strict';
// planck.PolygonShape welds vertices closer than 0.5·linearSlop (0.0025) and, left with fewer than
// 3, silently replaces the polygon with a 2×2 box (_setAsBox(1, 1)); it also keeps only the first
// Settings.maxPolygonVertices (12) points given. A triangle of size 1e-3 therefore becomes a box
// 2000 times larger, centred on the origin. (Documented design: shapes are meant to be 0.1–10 m;
// the silent substitution is what the minkowski adapter guards against by skipping such cases.)
// Run: node repro/small_polygon_becomes_box.js
const planck = require('planck');
const tiny = new planck.PolygonShape([planck.Vec2(5, 5), planck.Vec2(5.001, 5), planck.Vec2(5, 5.001)]);
console.log(JSON.stringify({ count: tiny.m_count, vertices: tiny.m_vertices.map((v) => [v.x, v.y]) }));
