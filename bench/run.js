"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
var _a, _b, _c, _d;
Object.defineProperty(exports, "__esModule", { value: true });
/**
 * `npm run bench`: starts the real server on PostgreSQL (production mode, demo data, bench routes enabled) and
 * measures with autocannon, in one run: home page SSR, actor profile SSR and /rest/v1/alive, each against the
 * baseline route of the same server returning a precomputed body of the same size. Prints req/s, p50/p99 latency
 * and the ratio to the baseline, and writes bench/results/latest.json.
 *
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vela_bench, created and seeded if missing),
 * BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_PORT (3900).
 */
var node_child_process_1 = require("node:child_process");
var node_fs_1 = require("node:fs");
var node_path_1 = require("node:path");
var node_url_1 = require("node:url");
var autocannon_1 = require("autocannon");
var pg_1 = require("pg");
var root = (0, node_path_1.join)((0, node_path_1.dirname)((0, node_url_1.fileURLToPath)(import.meta.url)), '..');
var connections = Number((_a = process.env.BENCH_CONNECTIONS) !== null && _a !== void 0 ? _a : 50);
var duration = Number((_b = process.env.BENCH_DURATION) !== null && _b !== void 0 ? _b : 10);
var port = Number((_c = process.env.BENCH_PORT) !== null && _c !== void 0 ? _c : 3900);
var databaseUrl = (_d = process.env.BENCH_DATABASE_URL) !== null && _d !== void 0 ? _d : 'postgres://postgres@127.0.0.1:5432/vela_bench';
var base = "http://127.0.0.1:".concat(port);
function ensureDatabase(url) {
    return __awaiter(this, void 0, void 0, function () {
        var target, name, admin, client, exists;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    target = new URL(url);
                    name = target.pathname.slice(1);
                    admin = new URL(url);
                    admin.pathname = '/postgres';
                    client = new pg_1.default.Client({ connectionString: admin.toString() });
                    return [4 /*yield*/, client.connect()];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])];
                case 2:
                    exists = _a.sent();
                    if (!(exists.rowCount === 0)) return [3 /*break*/, 4];
                    return [4 /*yield*/, client.query("CREATE DATABASE \"".concat(name.replace(/"/g, ''), "\""))];
                case 3:
                    _a.sent();
                    _a.label = 4;
                case 4: return [4 /*yield*/, client.end()];
                case 5:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function waitAlive(child) {
    return __awaiter(this, void 0, void 0, function () {
        var deadline, res, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    deadline = Date.now() + 300000;
                    _b.label = 1;
                case 1:
                    if (!(Date.now() < deadline)) return [3 /*break*/, 7];
                    if (child.exitCode !== null)
                        throw new Error("server exited with ".concat(child.exitCode));
                    _b.label = 2;
                case 2:
                    _b.trys.push([2, 4, , 5]);
                    return [4 /*yield*/, fetch("".concat(base, "/rest/v1/alive"))];
                case 3:
                    res = _b.sent();
                    if (res.ok)
                        return [2 /*return*/];
                    return [3 /*break*/, 5];
                case 4:
                    _a = _b.sent();
                    return [3 /*break*/, 5];
                case 5: return [4 /*yield*/, new Promise(function (r) { return setTimeout(r, 500); })];
                case 6:
                    _b.sent();
                    return [3 /*break*/, 1];
                case 7: throw new Error('server did not become alive in 300 s');
            }
        });
    });
}
function measure(path) {
    return __awaiter(this, void 0, void 0, function () {
        var result;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, autocannon_1.default)({ url: "".concat(base).concat(path), connections: connections, duration: duration })];
                case 1:
                    result = _a.sent();
                    return [2 /*return*/, {
                            reqPerSec: Math.round(result.requests.average),
                            p50: result.latency.p50,
                            p99: result.latency.p99,
                            errors: result.errors,
                            non2xx: result.non2xx,
                        }];
            }
        });
    });
}
function main() {
    return __awaiter(this, void 0, void 0, function () {
        var server, home, actor, targets, rows, _i, targets_1, t, bytes, _a, _b, baselinePath, subject, baseline, ratio;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, ensureDatabase(databaseUrl)];
                case 1:
                    _d.sent();
                    server = (0, node_child_process_1.spawn)(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
                        cwd: root,
                        env: __assign(__assign({}, process.env), { NODE_ENV: 'production', PORT: String(port), PAY_PORT: String(port + 1), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: (0, node_path_1.join)(root, 'data', 'bench'), ENABLE_BENCH_ROUTES: 'true', LOG_LEVEL: 'warn' }),
                        stdio: ['ignore', 'inherit', 'inherit'],
                    });
                    _d.label = 2;
                case 2:
                    _d.trys.push([2, , 12, 13]);
                    return [4 /*yield*/, waitAlive(server)];
                case 3:
                    _d.sent();
                    return [4 /*yield*/, fetch("".concat(base, "/en/")).then(function (r) { return r.text(); })];
                case 4:
                    home = _d.sent();
                    actor = (_c = /href="(\/en\/amateur\/[^/"]+\/)"/.exec(home)) === null || _c === void 0 ? void 0 : _c[1];
                    if (!actor)
                        throw new Error('no actor link on the home page');
                    targets = [
                        { name: 'home SSR', path: '/en/', type: 'html' },
                        { name: 'profile SSR', path: actor, type: 'html' },
                        { name: 'alive', path: '/rest/v1/alive', type: 'json' },
                    ];
                    rows = [];
                    _i = 0, targets_1 = targets;
                    _d.label = 5;
                case 5:
                    if (!(_i < targets_1.length)) return [3 /*break*/, 11];
                    t = targets_1[_i];
                    _b = (_a = Buffer).byteLength;
                    return [4 /*yield*/, fetch("".concat(base).concat(t.path)).then(function (r) { return r.text(); })];
                case 6:
                    bytes = _b.apply(_a, [_d.sent()]);
                    baselinePath = "/__bench/baseline?bytes=".concat(bytes, "&type=").concat(t.type);
                    // warm up both routes
                    return [4 /*yield*/, (0, autocannon_1.default)({ url: "".concat(base).concat(t.path), connections: 10, duration: 2 })];
                case 7:
                    // warm up both routes
                    _d.sent();
                    return [4 /*yield*/, measure(t.path)];
                case 8:
                    subject = _d.sent();
                    return [4 /*yield*/, measure(baselinePath)];
                case 9:
                    baseline = _d.sent();
                    ratio = subject.reqPerSec / baseline.reqPerSec;
                    rows.push(__assign(__assign({}, t), { bytes: bytes, subject: subject, baseline: baseline, ratio: Math.round(ratio * 1000) / 1000 }));
                    console.log("".concat(t.name.padEnd(12), " ").concat(String(bytes).padStart(7), " B  ").concat(String(subject.reqPerSec).padStart(6), " req/s  p50 ").concat(subject.p50, " ms  p99 ").concat(subject.p99, " ms | baseline ").concat(baseline.reqPerSec, " req/s p50 ").concat(baseline.p50, " ms p99 ").concat(baseline.p99, " ms | ratio ").concat((ratio * 100).toFixed(1), "%  errors ").concat(subject.errors + subject.non2xx));
                    _d.label = 10;
                case 10:
                    _i++;
                    return [3 /*break*/, 5];
                case 11:
                    (0, node_fs_1.mkdirSync)((0, node_path_1.join)(root, 'bench', 'results'), { recursive: true });
                    (0, node_fs_1.writeFileSync)((0, node_path_1.join)(root, 'bench', 'results', 'latest.json'), "".concat(JSON.stringify({ at: new Date().toISOString(), connections: connections, duration: duration, rows: rows }, null, 2), "\n"));
                    return [3 /*break*/, 13];
                case 12:
                    server.kill('SIGTERM');
                    return [7 /*endfinally*/];
                case 13: return [2 /*return*/];
            }
        });
    });
}
await main();
