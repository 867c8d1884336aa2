package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import io.jvortex.testing.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages of {@code jvx inspect --html} in a real headless Chromium (see {@link HeadlessChromium}; a
 * missing browser fails these tests saying what to install): each renders without console messages or
 * exceptions, requests nothing, and shows every column, escaped names included; its script works.
 */
class InspectHtmlBrowserTest {
    /** What the tests read from a rendered page, as one JSON string. */
    private static final String PAGE_FACTS = """
            JSON.stringify({
              columns: Array.from(document.querySelectorAll('#columns td.col'), e => e.textContent),
              text: document.body.innerText,
              scripts: document.scripts.length,
              images: document.images.length,
              bars: document.querySelectorAll('#bytes svg.bar').length,
              strips: document.querySelectorAll('#zones svg.strip').length
            })""";

    private static HeadlessChromium browser;

    @TempDir
    Path dir;

    @BeforeAll
    static void startBrowser() throws IOException, InterruptedException {
        browser = HeadlessChromium.start();
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    private static Map<String, Object> facts(HeadlessChromium.Page page) {
        assertThat(page.value()).isInstanceOf(String.class);
        return Json.parseObject((String) page.value());
    }

    private static List<String> columnNames(Path file) {
        try (VortexReader reader = VortexReader.open(file)) {
            return reader.schema() instanceof DType.Struct s ? s.names() : List.of(SchemaCommand.ROOT);
        }
    }

    /** Without a browser the tests fail (not skip), saying what to install. */
    @Test
    void aMissingBrowserFailsSayingWhatToInstall() {
        assertThatThrownBy(() -> HeadlessChromium.start(Map.of("PATH", dir.toString(), "JVORTEX_CHROMIUM",
                dir.resolve("no-such-browser").toString())))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("apt-get install -y chromium");
    }

    /** The harness is real: a page with a console message, an exception and a remote image is caught on all three. */
    @Test
    void theHarnessSeesConsoleMessagesExceptionsAndRequests() throws IOException, InterruptedException {
        Path bad = Files.writeString(dir.resolve("bad.html"), """
                <!DOCTYPE html><html><body><p>bad</p><img src="http://example.invalid/x.png">
                <script>console.error('from the page'); notDefined();</script></body></html>
                """);
        HeadlessChromium.Page page = browser.open(bad.toUri(), PAGE_FACTS);
        assertThat(page.console()).anyMatch(m -> m.contains("from the page"));
        assertThat(page.exceptions()).anyMatch(m -> m.contains("notDefined"));
        assertThat(page.requests()).contains("http://example.invalid/x.png");
        assertThat(facts(page).get("images")).isEqualTo(1L);
    }

    @Test
    void everyPageRendersCleanlyAndShowsEveryColumn() throws IOException, InterruptedException {
        List<Path> files = new ArrayList<>(InspectFiles.all());
        files.add(InspectFiles.tricky(dir.resolve("tricky.vortex")));
        for (Path file : files) {
            Path html = dir.resolve(file.getFileName() + ".html");
            JvxTest.Result r = JvxTest.jvx("inspect", file.toString(), "--html", html.toString());
            assertThat(r.code()).as(file + ": " + r.err()).isZero();
            HeadlessChromium.Page page = browser.open(html.toUri(), PAGE_FACTS);
            assertThat(page.console()).as(file.toString()).isEmpty();
            assertThat(page.exceptions()).as(file.toString()).isEmpty();
            assertThat(page.requests()).as(file.toString()).isEmpty();
            Map<String, Object> facts = facts(page);
            List<String> names = columnNames(file);
            assertThat(facts.get("columns")).as(file.toString()).isEqualTo(names);
            for (String name : names) {
                assertThat((String) facts.get("text")).as(file.toString()).contains(name);
            }
            assertThat(facts.get("scripts")).as("only the page's own script").isEqualTo(1L);
            assertThat(facts.get("images")).isEqualTo(0L);
            assertThat(facts.get("bars")).isEqualTo((long) names.size());
        }
    }

    @Test
    void zoneStripsAndTheColumnFilterWork() throws IOException, InterruptedException {
        Path file = InspectFiles.tricky(dir.resolve("tricky.vortex"));
        Path html = dir.resolve("tricky.html");
        assertThat(JvxTest.jvx("inspect", file.toString(), "--html", html.toString()).code()).isZero();
        String filter = """
                (function () {
                  const input = document.getElementById('column-filter');
                  input.value = 'PLAIN';
                  input.dispatchEvent(new Event('input'));
                  const shown = Array.from(document.querySelectorAll('#columns tr[data-column]'))
                      .filter(r => r.style.display !== 'none').map(r => r.getAttribute('data-column'));
                  const cells = Array.from(document.querySelectorAll('#zones svg.strip'))
                      .map(s => s.querySelectorAll('rect').length);
                  const firstStrip = document.querySelector('#zones svg.strip rect title').textContent;
                  return JSON.stringify({shown: shown, cells: cells, firstStrip: firstStrip,
                      details: document.querySelectorAll('#layout details').length});
                })()""";
        HeadlessChromium.Page page = browser.open(html.toUri(), filter);
        assertThat(page.console()).isEmpty();
        assertThat(page.exceptions()).isEmpty();
        Map<String, Object> facts = facts(page);
        assertThat(facts.get("shown")).isEqualTo(List.of("plain"));
        // three strips (min, max, nulls) of three zones for each of the five columns
        assertThat(facts.get("cells")).isEqualTo(java.util.Collections.nCopies(15, 3L));
        assertThat((String) facts.get("firstStrip")).startsWith("zone 0: rows 0–8191").containsPattern("min=1(,|$)");
        assertThat((Long) facts.get("details")).isPositive();
    }
}
