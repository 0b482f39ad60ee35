#!/usr/bin/env node
'use strict';
// SAT.js testPolygonPolygon on two collinear line segments (2-point polygons, SAT.js's documented
// segments) 1 apart: SAT.js tests only the polygons' edge normals, which are the same axis (the
// line's normal) for both; the axis along the line is never tried, so it reports a collision with
// overlap 0. minkowski's exact answer: separated, distance 1. (Found by minkowski check --exec,
// family degenerate, fixture found/degenerate-7207817f7cfda9a2.json.)
// Run: node repro/collinear_segments_never_separate.js
const SAT = require('sat');
const a = new SAT.Polygon(new SAT.Vector(0, 0), [new SAT.Vector(0, 0), new SAT.Vector(1, 0)]);
const b = new SAT.Polygon(new SAT.Vector(0, 0), [new SAT.Vector(2, 0), new SAT.Vector(3, 0)]);
const r = new SAT.Response();
const hit = SAT.testPolygonPolygon(a, b, r);
console.log(JSON.stringify({ hit, overlap: r.overlap, overlapN: [r.overlapN.x, r.overlapN.y] }));
