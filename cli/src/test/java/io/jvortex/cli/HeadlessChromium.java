package io.jvortex.cli;

import io.jvortex.testing.Json;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real headless Chromium driven over the DevTools protocol (a WebSocket on 127.0.0.1): opens pages and
 * reports what they logged to the console, the exceptions they threw, every request they made and the
 * value of a script evaluated after load. Each instance has its own temporary profile; the browser is
 * killed on close and when a step times out.
 *
 * <p>The browser is {@code $JVORTEX_CHROMIUM}, else {@code chromium}, {@code chromium-browser},
 * {@code google-chrome} on the PATH. When there is none, {@link #start()} fails (never skips) saying what
 * to install.
 */
final class HeadlessChromium implements AutoCloseable {
    /** How to get a browser, for the failure message. */
    static final String INSTALL = "headless Chromium is needed for this test and none was found (tried "
            + "$JVORTEX_CHROMIUM, chromium, chromium-browser, google-chrome on the PATH): install it, "
            + "e.g. on Debian/Ubuntu `apt-get install -y chromium`";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /**
     * What a page did.
     *
     * @param console console messages ({@code type: text}) and log entries of level warning or error
     * @param exceptions uncaught exceptions
     * @param requests URLs requested besides the page itself
     * @param value the evaluated expression's value (JSON types)
     */
    record Page(List<String> console, List<String> exceptions, List<String> requests, Object value) {
    }

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final BlockingQueue<Map<String, Object>> inbox;
    private int nextId = 1;
    /** Told every event while a page is open. */
    private java.util.function.Consumer<Map<String, Object>> pending;
    private boolean loaded;

    private HeadlessChromium(Process process, Path profile, WebSocket socket, BlockingQueue<Map<String, Object>> inbox) {
        this.process = process;
        this.profile = profile;
        this.socket = socket;
        this.inbox = inbox;
    }

    /**
     * @param environment where to look ({@code JVORTEX_CHROMIUM}, {@code PATH})
     * @return the browser's executable, or null
     */
    static Path executable(Map<String, String> environment) {
        List<String> names = new ArrayList<>();
        String configured = environment.get("JVORTEX_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            Path p = Path.of(configured);
            if (Files.isExecutable(p)) {
                return p;
            }
            names.add(configured);
        }
        names.addAll(List.of("chromium", "chromium-browser", "google-chrome"));
        String path = environment.getOrDefault("PATH", "");
        for (String name : names) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                    return Path.of(dir, name);
                }
            }
        }
        return null;
    }

    /**
     * Starts a browser with a fresh profile, listening for DevTools on a free loopback port.
     *
     * @return the running browser
     * @throws AssertionError when no browser is installed (saying what to install) or it does not start
     */
    static HeadlessChromium start() throws IOException, InterruptedException {
        return start(System.getenv());
    }

    /**
     * @param environment where to look for the browser
     * @return the running browser
     * @throws AssertionError when no browser is installed (saying what to install) or it does not start
     */
    static HeadlessChromium start(Map<String, String> environment) throws IOException, InterruptedException {
        Path exe = executable(environment);
        if (exe == null) {
            throw new AssertionError(INSTALL);
        }
        Path profile = Files.createTempDirectory("jvx-chromium-");
        Path log = profile.resolveSibling(profile.getFileName() + ".log");
        List<String> command = new ArrayList<>(List.of(exe.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--user-data-dir=" + profile, "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0", "--no-first-run", "--no-default-browser-check",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--disable-extensions", "--mute-audio", "about:blank"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Path portFile = profile.resolve("DevToolsActivePort");
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!isComplete(portFile)) {
                if (!process.isAlive()) {
                    throw new AssertionError("chromium exited with " + process.exitValue() + ": " + tail(log));
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("chromium did not open its DevTools port within " + TIMEOUT + ": "
                            + tail(log));
                }
                Thread.sleep(50);
            }
            List<String> lines = Files.readAllLines(portFile);
            URI uri = URI.create("ws://127.0.0.1:" + lines.get(0).strip() + lines.get(1).strip());
            BlockingQueue<Map<String, Object>> inbox = new LinkedBlockingQueue<>();
            WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
                    .connectTimeout(TIMEOUT)
                    .buildAsync(uri, new Listener(inbox))
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return new HeadlessChromium(process, profile, socket, inbox);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            kill(process, profile);
            throw e;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            kill(process, profile);
            throw new AssertionError("cannot connect to chromium's DevTools: " + e, e);
        }
    }

    private static boolean isComplete(Path portFile) throws IOException {
        return Files.exists(portFile) && Files.readAllLines(portFile).size() >= 2;
    }

    private static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /**
     * Opens a page in a new tab, waits for its load event, then evaluates {@code expression} in it.
     *
     * @param url the page
     * @param expression JavaScript whose value (JSON-serializable) is returned
     * @return what the page did
     */
    Page open(URI url, String expression) throws InterruptedException {
        Map<String, Object> target = call(null, "Target.createTarget", Map.of("url", "about:blank"));
        String targetId = (String) target.get("targetId");
        String session = (String) call(null, "Target.attachToTarget", Map.of("targetId", targetId, "flatten", true))
                .get("sessionId");
        List<String> console = new ArrayList<>();
        List<String> exceptions = new ArrayList<>();
        List<String> requests = new ArrayList<>();
        pending = event -> collect(event, session, url, console, exceptions, requests);
        try {
            for (String domain : List.of("Runtime", "Log", "Network", "Page")) {
                call(session, domain + ".enable", Map.of());
            }
            loaded = false;
            call(session, "Page.navigate", Map.of("url", url.toString()));
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!loaded) {
                Map<String, Object> message = next(deadline);
                dispatch(message);
            }
            Map<String, Object> result = call(session, "Runtime.evaluate",
                    Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
            @SuppressWarnings("unchecked")
            Map<String, Object> value = (Map<String, Object>) result.get("result");
            if (result.get("exceptionDetails") != null) {
                exceptions.add("evaluating the test expression: " + Json.toJson(result.get("exceptionDetails")));
            }
            return new Page(List.copyOf(console), List.copyOf(exceptions), List.copyOf(requests),
                    value == null ? null : value.get("value"));
        } finally {
            pending = null;
            call(null, "Target.closeTarget", Map.of("targetId", targetId));
        }
    }

    @SuppressWarnings("unchecked")
    private void collect(Map<String, Object> event, String session, URI url, List<String> console,
                         List<String> exceptions, List<String> requests) {
        if (!session.equals(event.get("sessionId"))) {
            return;
        }
        Map<String, Object> params = (Map<String, Object>) event.getOrDefault("params", Map.of());
        switch ((String) event.get("method")) {
            case "Page.loadEventFired" -> loaded = true;
            case "Runtime.consoleAPICalled" -> {
                StringBuilder text = new StringBuilder(String.valueOf(params.get("type"))).append(':');
                for (Object arg : (List<Object>) params.getOrDefault("args", List.of())) {
                    Map<String, Object> a = (Map<String, Object>) arg;
                    text.append(' ').append(a.containsKey("value") ? a.get("value") : a.get("description"));
                }
                console.add(text.toString());
            }
            case "Runtime.exceptionThrown" -> exceptions.add(Json.toJson(params.get("exceptionDetails")));
            case "Log.entryAdded" -> {
                Map<String, Object> entry = (Map<String, Object>) params.get("entry");
                String level = String.valueOf(entry.get("level"));
                if (level.equals("error") || level.equals("warning")) {
                    console.add(level + " (" + entry.get("source") + "): " + entry.get("text"));
                }
            }
            case "Network.requestWillBeSent" -> {
                String requested = String.valueOf(((Map<String, Object>) params.get("request")).get("url"));
                if (!requested.equals(url.toString())) {
                    requests.add(requested);
                }
            }
            default -> {
            }
        }
    }

    private Map<String, Object> call(String session, String method, Map<String, Object> params)
            throws InterruptedException {
        int id = nextId++;
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("id", id);
        message.put("method", method);
        message.put("params", params);
        if (session != null) {
            message.put("sessionId", session);
        }
        socket.sendText(Json.toJson(message), true).join();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (true) {
            Map<String, Object> reply = next(deadline);
            if (reply.get("id") instanceof Number n && n.intValue() == id) {
                if (reply.get("error") != null) {
                    throw new AssertionError(method + " failed: " + Json.toJson(reply.get("error")));
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> result = (Map<String, Object>) reply.getOrDefault("result", Map.of());
                return result;
            }
            dispatch(reply);
        }
    }

    private void dispatch(Map<String, Object> message) {
        if (message.containsKey("method") && pending != null) {
            pending.accept(message);
        }
    }

    private Map<String, Object> next(long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        Map<String, Object> message = inbox.poll(Math.max(left, 0), TimeUnit.NANOSECONDS);
        if (message == null) {
            kill(process, null);
            throw new AssertionError("chromium did not answer within " + TIMEOUT + " (killed)");
        }
        return message;
    }

    @Override
    public void close() {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(5, TimeUnit.SECONDS);
        } catch (RuntimeException ignored) {
            // the browser is killed below anyway
        }
        kill(process, profile);
    }

    private static void kill(Process process, Path profile) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (profile != null) {
            delete(profile);
            delete(profile.resolveSibling(profile.getFileName() + ".log"));
        }
    }

    private static void delete(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }

    /** Collects whole text messages (possibly in parts) as parsed JSON objects. */
    private static final class Listener implements WebSocket.Listener {
        private final BlockingQueue<Map<String, Object>> inbox;
        private final StringBuilder partial = new StringBuilder();

        Listener(BlockingQueue<Map<String, Object>> inbox) {
            this.inbox = inbox;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                inbox.add(Json.parseObject(partial.toString()));
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }
}
