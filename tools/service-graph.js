// What one service is made of, read from the Nx project graph (@nx/js analyses every import of
// every file): the projects it runs (its app and the libs it imports, directly or through other
// libs) and the npm packages those import. Only the files a build takes count: nx.json's
// `production` input, through the app's `build` target (its own files) and `^production` (its
// libs' files), so that a spec or a test/ folder adds neither a lib (libs/testing) nor a package.
// tools/build.js --project and tools/prune-service.js read it; the image holds exactly that.
const { createProjectGraphAsync } = require('@nx/devkit');
const { readNxJson } = require('nx/src/config/configuration');
const { fileDataDepTarget } = require('nx/src/config/project-graph');
const { filterUsingGlobPatterns, getTargetInputs } = require('nx/src/hasher/task-hasher');
const { readFileMapCache } = require('nx/src/project-graph/nx-deps-cache');

/** The project graph, and the files of each project that `service`'s build takes, with their imports. */
async function serviceGraph(service) {
  const graph = await createProjectGraphAsync({ exitOnError: true });
  const app = graph.nodes[service];
  if (app?.type !== 'app') {
    const apps = Object.values(graph.nodes).filter((node) => node.type === 'app');
    throw new Error(
      `${service} is not an app of the workspace (${apps.map((node) => node.name).join(', ')})`,
    );
  }
  const { selfInputs, dependencyInputs } = getTargetInputs(readNxJson(), app, 'build');
  // Written by the graph's computation just now: each file's imports, as @nx/js found them.
  const { projectFileMap } = readFileMapCache().fileMap;
  const fileMap = Object.fromEntries(
    Object.entries(projectFileMap).map(([name, files]) => [
      name,
      filterUsingGlobPatterns(
        graph.nodes[name].data.root,
        files,
        name === service ? selfInputs : dependencyInputs,
      ),
    ]),
  );
  return { graph, fileMap };
}

/** The service's app, then every lib its files import, directly or through other libs. */
function projectsOf(service, { graph, fileMap }) {
  const found = [service];
  for (let index = 0; index < found.length; index += 1) {
    for (const file of fileMap[found[index]] ?? []) {
      for (const dependency of file.deps ?? []) {
        const target = fileDataDepTarget(dependency);
        if (graph.nodes[target] && !found.includes(target)) found.push(target);
      }
    }
  }
  return found.map((name) => graph.nodes[name]);
}

module.exports = { projectsOf, serviceGraph };
