/*
 * Deadtable's Tiled extension: whenever a map (.tmx) is saved, run our validator on it
 * (`main.py --validate FILE --json`) and put each problem in Tiled's Issues view, errors with
 * tiled.error and warnings with tiled.warn. Double-clicking an issue selects its object and
 * centres the view on it.
 *
 * Loaded by maps/deadtable.tiled-project (extensionsPath). Needs Tiled 1.8 or newer: the Process
 * class (Process.exec, readStdOut) is there from 1.8. In a Tiled without it, the extension says so
 * once in the Console; run `python main.py --validate FILE` in a terminal instead.
 *
 * The validator runs with the repository's .venv Python when there is one (make play creates it),
 * else python3, else python. The repository is the folder above the map holding main.py.
 */

/* exported deadtableIssues */
var deadtableIssues = function (jsonText) {
    // The validator's JSON → [{severity, text, objectId, x, y}], one per problem (pure: tested in Node).
    var document;
    try {
        document = JSON.parse(jsonText);
    } catch (error) {
        return [{ severity: "error", text: "Deadtable: the validator's answer could not be read: " + error,
                  objectId: null, x: null, y: null }];
    }
    var problems = document && document.problems instanceof Array ? document.problems : [];
    return problems.map(function (problem) {
        var place = "";
        if (problem.layer) place += "layer '" + problem.layer + "'";
        if (problem.object_id !== null && problem.object_id !== undefined)
            place += (place ? ", " : "") + "object " + problem.object_id;
        return {
            severity: problem.severity === "warning" ? "warning" : "error",
            text: (place ? place + ": " : "") + problem.message,
            objectId: problem.object_id === undefined ? null : problem.object_id,
            x: problem.x_px === undefined ? null : problem.x_px,
            y: problem.y_px === undefined ? null : problem.y_px,
        };
    });
};

/* exported deadtableReport */
var deadtableReport = function (issue, activated) {
    // One problem into the Issues view (a global, so a test in real Tiled can watch what is reported).
    if (issue.severity === "warning") tiled.warn(issue.text, activated);
    else tiled.error(issue.text, activated);
};

if (typeof tiled !== "undefined") {
    (function () {
        var parentOf = function (path) {
            var cut = path.replace(/[\\/]+$/, "").search(/[\\/][^\\/]*$/);
            return cut > 0 ? path.substring(0, cut) : "";
        };

        var repositoryOf = function (fileName) {
            for (var folder = parentOf(fileName); folder; folder = parentOf(folder)) {
                if (File.exists(folder + "/main.py") && File.exists(folder + "/game")) return folder;
            }
            return null;
        };

        var pythonFor = function (root) {
            var candidates = [root + "/.venv/bin/python", root + "/.venv/Scripts/python.exe"];
            for (var i = 0; i < candidates.length; ++i) {
                if (File.exists(candidates[i])) return candidates[i];
            }
            return tiled.platform === "windows" ? "python" : "python3";
        };

        var findObject = function (layers, objectId) {
            for (var i = 0; i < layers.length; ++i) {
                var layer = layers[i];
                if (layer.isObjectLayer) {
                    for (var j = 0; j < layer.objects.length; ++j) {
                        if (layer.objects[j].id === objectId) return layer.objects[j];
                    }
                } else if (layer.isGroupLayer) {
                    var inside = [];
                    for (var k = 0; k < layer.layerCount; ++k) inside.push(layer.layerAt(k));
                    var found = findObject(inside, objectId);
                    if (found) return found;
                }
            }
            return null;
        };

        var selecter = function (fileName, issue) {
            return function () {
                var asset = tiled.open(fileName);
                if (!asset || !asset.isTileMap || issue.objectId === null) return;
                var layers = [];
                for (var i = 0; i < asset.layerCount; ++i) layers.push(asset.layerAt(i));
                var object = findObject(layers, issue.objectId);
                if (!object) return;
                asset.selectedObjects = [object];
                if (tiled.mapEditor && tiled.mapEditor.currentMapView)
                    tiled.mapEditor.currentMapView.centerOn(object.x + object.width / 2, object.y + object.height / 2);
            };
        };

        var validate = function (asset) {
            if (!asset || !asset.isTileMap || !/\.tmx$/i.test(asset.fileName)) return;
            if (typeof Process === "undefined") {
                tiled.warn("Deadtable: this Tiled has no Process class (Tiled 1.8 or newer has it): run "
                           + "python main.py --validate " + asset.fileName + " in a terminal", null);
                return;
            }
            var root = repositoryOf(asset.fileName);
            if (!root) {
                tiled.log("Deadtable: " + asset.fileName + " is not inside a Deadtable folder (with main.py): not checked");
                return;
            }
            var process = new Process();
            process.workingDirectory = root;
            var code = process.exec(pythonFor(root), ["main.py", "--validate", asset.fileName, "--json"], false);
            var output = process.readStdOut();
            var errors = process.readStdErr();
            process.close();
            if (code !== 0 && code !== 1) {
                tiled.error("Deadtable: the validator could not run (exit " + code + "): " + (errors || output), null);
                return;
            }
            var issues = deadtableIssues(output);
            for (var i = 0; i < issues.length; ++i) {
                var issue = issues[i];
                deadtableReport(issue, selecter(asset.fileName, issue));
            }
            var warnings = issues.filter(function (issue) { return issue.severity === "warning"; }).length;
            tiled.log("Deadtable: " + asset.fileName + " checked: " + (issues.length - warnings) + " errors, "
                      + warnings + " warnings");
        };

        tiled.assetSaved.connect(validate);
    })();
}
