#!/usr/bin/env node
'use strict';
// planck.testOverlap calls two shapes overlapping when their GJK distance is below 10·EPSILON,
// and planck's EPSILON is 1e-9 (Box2D's b2TestOverlap uses 10·FLT_EPSILON). So two unit squares
// 1e-9 apart "overlap", whatever their scale. Polygon skins are set to 0 so that only the
// threshold is measured. minkowski's exact answer: separated, distance 1.0000000827e-9.
// Run: node repro/test_overlap_absolute_threshold.js
const planck = require('planck');
const xf = planck.Transform.identity();
const a = new planck.PolygonShape([planck.Vec2(0, 0), planck.Vec2(1, 0), planck.Vec2(1, 1), planck.Vec2(0, 1)]);
const b = new planck.PolygonShape([planck.Vec2(1.000000001, 0), planck.Vec2(2, 0), planck.Vec2(2, 1), planck.Vec2(1.000000001, 1)]);
a.m_radius = 0;
b.m_radius = 0;
const input = new planck.DistanceInput();
input.proxyA.set(a, 0);
input.proxyB.set(b, 0);
input.transformA.setTransform(xf);
input.transformB.setTransform(xf);
input.useRadii = true;
const out = new planck.DistanceOutput();
planck.Distance(out, new planck.SimplexCache(), input);
console.log(JSON.stringify({ testOverlap: planck.testOverlap(a, 0, b, 0, xf, xf), distance: out.distance }));
