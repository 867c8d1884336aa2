package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@code jvx} in-process against the Rust-written samples (see the samples' README). */
class JvxTest {

    record Result(int code, String out, String err) {
    }

    static Result jvx(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Jvx.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    static String sample(String name) {
        try {
            return Path.of(JvxTest.class.getResource("/samples/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String text(String name) throws IOException {
        return Files.readString(Path.of(sample(name)), StandardCharsets.UTF_8);
    }

    /** Runs a command that needs encodings possibly not yet on main; skips the test when they are missing. */
    static Result decoding(String... args) {
        Result r = jvx(args);
        assumeTrue(r.code() == 0 || !r.err().contains("unknown array encoding"),
                () -> "encoding not implemented yet: " + r.err());
        return r;
    }

    @Test
    void version() {
        Result r = jvx("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out()).matches("jvx \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\R");
        assertThat(jvx("cat", "--version").out()).isEqualTo(r.out());
    }

    @Test
    void help() {
        Result r = jvx("--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Usage: jvx", "schema", "tree", "count", "cat", "64   bad usage");
        Result cat = jvx("help", "cat");
        assertThat(cat.code()).isZero();
        assertThat(cat.out()).contains("--columns", "--limit", "--format", "--allow-unknown", "--where");
    }

    /** Maps, variants and an unknown extension id (the core golden files, copied; see the samples' README). */
    @Test
    void nestedLogicalTypes() {
        Result schema = jvx("schema", sample("map.vortex"));
        assertThat(schema).isEqualTo(new Result(0, """
                m: map nullable
                  key: utf8 not null
                  value: i32 nullable
                mi: map nullable
                  key: i64 not null
                  value: utf8 nullable
                """, ""));
        Result maps = jvx("cat", sample("map.vortex"), "--format", "jsonl", "--limit", "3");
        assertThat(maps.code()).isZero();
        assertThat(maps.out().lines().toList()).hasSize(3).allMatch(l -> l.startsWith("{\"m\":"));
        assertThat(jvx("schema", sample("variant.vortex")).out()).isEqualTo("v: variant nullable\n");
        assertThat(jvx("cat", sample("variant.vortex"), "--format", "jsonl", "--limit", "2").out()).isEqualTo("""
                {"v":{"metadata":"010000","value":"0c00"}}
                {"v":{"metadata":"010000","value":"097331"}}
                """);
        assertThat(jvx("schema", sample("unknown_ext.vortex")).out()).startsWith("d: acme.custom");
        assertThat(jvx("cat", sample("unknown_ext.vortex"), "--format", "jsonl", "--limit", "2").out())
                .isEqualTo("{\"d\":null,\"n\":0}\n{\"d\":18263,\"n\":1}\n");
        assertThat(jvx("cat", sample("unknown_ext.vortex"), "--format", "csv", "--limit", "2").out())
                .isEqualTo("d,n\n,0\n18263,1\n");
    }

    @Test
    void count() {
        assertThat(jvx("count", sample("primitives.vortex"))).isEqualTo(new Result(0, "300\n", ""));
        assertThat(jvx("count", sample("chunked.vortex")).out()).isEqualTo("200000\n");
    }

    @Test
    void schema() throws IOException {
        assertThat(jvx("schema", sample("primitives.vortex")).out()).isEqualTo("""
                id: i64 nullable
                i32: i32 nullable
                u64: u64 nullable
                flag: bool nullable
                f32: f32 nullable
                """);
        assertThat(jvx("schema", sample("mixed.vortex")).out()).isEqualTo(text("mixed.schema.txt"));
        assertThat(jvx("schema", sample("scalar_root.vortex")).out()).isEqualTo("<root>: i64 not null\n");
        assertThat(jvx("schema", sample("nested.vortex")).out()).isEqualTo("""
                ts_ms: vortex.timestamp(ms) nullable
                ts_ns_tz: vortex.timestamp(ns, tz=Europe/Paris) nullable
                t_us: vortex.time(us) nullable
                t_s: vortex.time(s) nullable
                day: vortex.date(d) nullable
                ints: list nullable
                  element: i32 nullable
                pairs: fixed_size_list[2] nullable
                  element: f64 nullable
                bin: binary nullable
                u: vortex.uuid nullable
                f64: f64 nullable
                u8: u8 nullable
                i16: i16 nullable
                nested: struct nullable
                  k: i64 nullable
                  v: list nullable
                    element: utf8 nullable
                """);
    }

    @Test
    void treeShowsLayoutsSegmentsAndEncodingTrees() throws IOException {
        // golden outputs checked against /work/shared/tools/vx_inspect.py (see the samples' README)
        assertThat(jvx("tree", sample("primitives.vortex")).out()).isEqualTo(text("primitives.tree.txt"));
        assertThat(jvx("tree", sample("mixed.vortex")).out()).isEqualTo(text("mixed.tree.txt"));
        assertThat(jvx("tree", sample("dict.vortex")).out()).isEqualTo(text("dict.tree.txt")).contains(
                "    data: vortex.dict rows=5000 codes_type=u16\n"
                        + "      values: vortex.flat rows=3 segment=1 offset=1464 bytes=420\n");
        String chunked = jvx("tree", sample("chunked.vortex")).out();
        assertThat(chunked).isEqualTo(text("chunked.tree.txt"));
        assertThat(chunked).contains(
                "  seq: vortex.zoned rows=200000 dtype=i64? zone_length=8192 "
                        + "zone_columns=[vortex.max(), vortex.min(), vortex.null_count()]\n"
                        + "    data: vortex.chunked rows=200000 chunks=2\n"
                        + "      chunk[0]: vortex.flat rows=131072 segment=0 offset=8 bytes=120\n"
                        + "        vortex.sequence metadata=8B 0x0a02180012021802 buffers=[]\n");
    }

    @Test
    void catMatchesTheReferenceByteForByte() throws IOException {
        Result r = jvx("cat", sample("primitives.vortex"));
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).isEqualTo(text("primitives.jsonl"));
        assertThat(jvx("cat", "--format", "jsonl", sample("scalar_root.vortex")).out())
                .isEqualTo(text("scalar_root.jsonl"));
    }

    @Test
    void catProjectsAndLimits() throws IOException {
        List<String> lines = text("primitives.jsonl").lines().toList();
        Result r = jvx("cat", "--columns", "flag,id", "--limit", "4", sample("primitives.vortex"));
        assertThat(r.code()).isZero();
        String expected = lines.subList(0, 4).stream()
                .map(l -> "{\"flag\":" + field(l, "flag") + ",\"id\":" + field(l, "id") + "}\n")
                .collect(Collectors.joining());
        assertThat(r.out()).isEqualTo(expected);
        assertThat(jvx("cat", "-c", "u64", "-c", "i32", "-n", "1", sample("primitives.vortex")).out())
                .isEqualTo("{\"u64\":" + field(lines.get(0), "u64") + ",\"i32\":" + field(lines.get(0), "i32") + "}\n");
        assertThat(jvx("cat", "--limit", "0", sample("primitives.vortex"))).isEqualTo(new Result(0, "", ""));
        assertThat(jvx("cat", "--limit", "1000", sample("primitives.vortex")).out()).isEqualTo(text("primitives.jsonl"));
    }

    @Test
    void demoWritesTheTableAndRunsEveryStep(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Result r = jvx("demo", "--rows", "20000", "--dir", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("20,000 rows", "generate + write", "full scan", "two-column scan",
                "filtered scan", "take 100 rows", "best of 5 warm runs");
        assertThat(r.out().lines().filter(l -> l.contains(" s   warm ")).count()).as(r.out()).isEqualTo(4);
        Path file = dir.resolve("lineitem.vortex");
        try (io.jvortex.api.VortexReader reader = io.jvortex.api.VortexReader.open(file)) {
            assertThat(reader.rowCount()).isEqualTo(20_000);
            assertThat(reader.schema()).isEqualTo(LineitemGenerator.SCHEMA);
        }
        // the generator is deterministic: the same rows give the same file
        Path again = dir.resolve("again");
        Result cold = jvx("demo", "--rows", "20000", "--warm", "0", "--dir", again.toString());
        assertThat(cold.code()).as(cold.err()).isZero();
        assertThat(Files.mismatch(file, again.resolve("lineitem.vortex"))).isEqualTo(-1L);
        assertThat(cold.out()).contains("take 100 rows").doesNotContain("warm");
        assertThat(jvx("demo", "--rows", "0").code()).isNotZero();
        assertThat(jvx("demo", "--warm", "-1").code()).isNotZero();
    }

    @Test
    void catRowsAndTake() throws IOException {
        List<String> lines = text("primitives.jsonl").lines().toList();
        Result r = jvx("cat", "--rows", "2:5", sample("primitives.vortex"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).isEqualTo(lines.subList(2, 5));
        assertThat(jvx("cat", "--rows", "3:", "-n", "2", sample("primitives.vortex")).out().lines().toList())
                .isEqualTo(lines.subList(3, 5));
        assertThat(jvx("cat", "--rows", "5-2", sample("primitives.vortex")).code()).isNotZero();

        Result t = jvx("take", sample("primitives.vortex"), "4,0,4,1");
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out().lines().toList()).containsExactly(lines.get(4), lines.get(0), lines.get(4), lines.get(1));
        Result bad = jvx("take", sample("primitives.vortex"), String.valueOf(lines.size()));
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("row index " + lines.size());
    }

    @Test
    void catWhereFiltersRows() throws IOException {
        List<String> lines = text("primitives.jsonl").lines().toList();
        String expected = lines.stream()
                .filter(l -> !field(l, "i32").equals("null") && Long.parseLong(field(l, "i32")) > 0
                        && field(l, "flag").equals("true"))
                .map(l -> l + "\n").collect(Collectors.joining());
        assertThat(expected).isNotEmpty();
        Result r = jvx("cat", sample("primitives.vortex"), "--where", "i32 > 0 AND flag");
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).isEqualTo(expected);
        Result bad = jvx("cat", sample("primitives.vortex"), "--where", "i32 > AND flag");
        assertThat(bad.code()).isEqualTo(64);
        assertThat(bad.err()).contains("at position 6");
        Result illTyped = jvx("cat", sample("primitives.vortex"), "-w", "flag > 'x'");
        assertThat(illTyped.code()).isEqualTo(64);
        assertThat(illTyped.err()).contains("a boolean is not comparable with a string");
    }

    @Test
    void catCsv() throws IOException {
        List<String> lines = text("primitives.jsonl").lines().toList();
        Result r = jvx("cat", "-f", "csv", "-n", "3", sample("primitives.vortex"));
        assertThat(r.code()).isZero();
        StringBuilder expected = new StringBuilder("id,i32,u64,flag,f32\n");
        for (String l : lines.subList(0, 3)) {
            expected.append(Arrays.stream(new String[] {"id", "i32", "u64", "flag", "f32"})
                    .map(k -> field(l, k)).map(v -> v.equals("null") ? "" : v).collect(Collectors.joining(",")))
                    .append('\n');
        }
        assertThat(r.out()).isEqualTo(expected.toString());
        assertThat(jvx("cat", "--format=CSV", "-c", "flag,id", "-n", "0", sample("primitives.vortex")).out())
                .isEqualTo("flag,id\n");
        assertThat(jvx("cat", "-f", "csv", "-n", "2", sample("scalar_root.vortex")).out())
                .isEqualTo("value\n" + text("scalar_root.jsonl").lines().limit(2).collect(Collectors.joining("\n"))
                        + "\n");
    }

    @Test
    void catEveryKindOfColumn() throws IOException {
        catColumnByColumn("mixed");
    }

    @Test
    void catTemporalListBinaryUuidAndNestedColumns() throws IOException {
        catColumnByColumn("nested");
    }

    /**
     * Checks {@code jvx cat} of a sample against its reference JSONL column by column, so that the
     * columns whose encodings exist are checked already; skips (after checking those) while some
     * encoding is missing, else also compares the whole file.
     */
    private static void catColumnByColumn(String name) throws IOException {
        List<String> expected = text(name + ".jsonl").lines().toList();
        List<String> columns;
        try (var reader = io.jvortex.api.VortexReader.open(Path.of(sample(name + ".vortex")))) {
            columns = ((io.jvortex.dtype.DType.Struct) reader.schema()).names();
        }
        List<String> missing = new java.util.ArrayList<>();
        for (String column : columns) {
            Result r = jvx("cat", "--columns", column, sample(name + ".vortex"));
            if (r.code() != 0 && r.err().contains("unknown array encoding")) {
                missing.add(column + ": " + r.err().strip());
                continue;
            }
            assertThat(r.err()).as(column).isEmpty();
            assertThat(r.out()).as(column).isEqualTo(expected.stream()
                    .map(l -> "{" + JsonFields.member(l, column) + "}\n").collect(Collectors.joining()));
        }
        assumeTrue(missing.isEmpty(), () -> "encodings not implemented yet: " + missing);
        Result all = jvx("cat", sample(name + ".vortex"));
        assertThat(all.code()).isZero();
        assertThat(all.out()).isEqualTo(text(name + ".jsonl"));
    }

    /**
     * A command line for a named subcommand holds only that one (picocli reflects over each added command,
     * a large part of a cold start); help, options, no arguments and unknown names get all of them, in the
     * order the usage help lists them.
     */
    @Test
    void aNamedSubcommandIsTheOnlyOneBuilt() {
        PrintWriter out = new PrintWriter(new StringWriter());
        List<String> all = List.of("schema", "tree", "count", "cat", "take", "convert", "demo", "inspect", "stats",
                "help");
        assertThat(Jvx.commandLine(out, out).getSubcommands().keySet()).containsExactlyElementsOf(all);
        for (String name : all) {
            List<String> expected = name.equals("help") ? all : List.of(name);
            assertThat(Jvx.commandLine(out, out, name).getSubcommands().keySet()).as(name)
                    .containsExactlyElementsOf(expected);
        }
        for (String first : Arrays.asList(null, "--help", "-V", "counts", "COUNT")) {
            assertThat(Jvx.commandLine(out, out, first).getSubcommands().keySet()).as(first)
                    .containsExactlyElementsOf(all);
        }
        // a narrowed command line still reports a bad file and bad usage as the full one does
        Result missing = jvx("count", "/no/such/file.vortex");
        assertThat(missing.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(missing.err()).startsWith("jvx: ");
        assertThat(jvx("count").code()).isEqualTo(Jvx.EXIT_USAGE);
    }

    @Test
    void internalErrorsExit70WithAStackTrace() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        picocli.CommandLine cmd = Jvx.commandLine(new PrintWriter(out), new PrintWriter(err));
        cmd.addSubcommand("boom", new Boom());
        cmd.setErr(new PrintWriter(err)); // reaches the new subcommand too
        int code = cmd.execute("boom");
        assertThat(code).isEqualTo(Jvx.EXIT_INTERNAL);
        assertThat(err.toString()).startsWith("jvx: internal error: java.lang.ArithmeticException: bug")
                .contains("at io.jvortex.cli.JvxTest$Boom.run");
    }

    @picocli.CommandLine.Command(name = "boom")
    static final class Boom implements Runnable {
        @Override
        public void run() {
            throw new ArithmeticException("bug");
        }
    }

    @Test
    void catStreamsChunks() {
        Result r = decoding("cat", sample("chunked.vortex"));
        assertThat(r.code()).isZero();
        String expected = IntStream.range(0, 200_000).mapToObj(i -> "{\"seq\":" + i + ",\"c\":7}\n")
                .collect(Collectors.joining());
        assertThat(r.out()).isEqualTo(expected);
    }

    @Test
    void allowUnknownPrintsNullsInsteadOfFailing() {
        Result r = jvx("cat", "--allow-unknown", sample("mixed.vortex"));
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out().lines()).hasSize(3).allMatch(l -> l.startsWith("{\"a\":"));
    }

    @Test
    void unknownEncodingExitsTwoNamingIt(@TempDir Path dir) throws IOException {
        // rename the encoding id in the footer's table (same length, so the flatbuffer stays valid)
        byte[] bytes = Files.readAllBytes(Path.of(sample("primitives.vortex")));
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("vortex.primitive");
        assertThat(text.indexOf("vortex.primitive", at + 1)).isNegative();
        bytes[at + "vortex.primitive".length() - 1] = 'X';
        Path renamed = dir.resolve("renamed.vortex");
        Files.write(renamed, bytes);

        Result r = jvx("cat", renamed.toString());
        assertThat(r.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("jvx: " + renamed + " at byte ")
                .contains(" in root.id/segment#0/vortex.primitivX: unknown array encoding 'vortex.primitivX'")
                .endsWith("\n");
        // schema, count and tree do not decode
        assertThat(jvx("count", renamed.toString()).out()).isEqualTo("300\n");
        assertThat(jvx("tree", renamed.toString()).out()).contains("      vortex.primitivX metadata=0B buffers=[2400]\n");
        // --allow-unknown reads around it: the flag column still decodes (vortex.bool)
        Result around = jvx("cat", "--allow-unknown", "-c", "id,flag", "-n", "2", renamed.toString());
        assertThat(around.code()).isZero();
        List<String> lines = text("primitives.jsonl").lines().toList();
        assertThat(around.out()).isEqualTo("{\"id\":null,\"flag\":" + field(lines.get(0), "flag") + "}\n"
                + "{\"id\":null,\"flag\":" + field(lines.get(1), "flag") + "}\n");
    }

    @Test
    void unknownLayoutStillShowsSchemaTreeAndOtherColumns(@TempDir Path dir) throws IOException {
        // "vortex.chunked" names both an array and a layout in the footer; rename each occurrence in turn
        // and keep the one that makes the seq column's chunked layout unknown
        byte[] bytes = Files.readAllBytes(Path.of(sample("chunked.vortex")));
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        Path renamed = dir.resolve("renamed.vortex");
        String tree = null;
        for (int at = text.indexOf("vortex.chunked"); at >= 0 && tree == null; at = text.indexOf("vortex.chunked", at + 1)) {
            byte[] candidate = bytes.clone();
            candidate[at + "vortex.chunked".length() - 1] = 'X';
            Files.write(renamed, candidate);
            Result r = jvx("tree", renamed.toString());
            if (r.code() == 0 && r.out().contains("unknown_layout")) {
                tree = r.out();
            }
        }
        assertThat(tree).as("a renamed layout id").isNotNull()
                .containsPattern("\n    data: vortex\\.chunkeX rows=200000 unknown_layout children=2 segments=0 at_byte=\\d+\n")
                .contains("  c: vortex.zoned rows=200000");
        assertThat(jvx("schema", renamed.toString()).out()).isEqualTo(jvx("schema", sample("chunked.vortex")).out());
        assertThat(jvx("count", renamed.toString()).out()).isEqualTo("200000\n");
        Result other = jvx("cat", "-c", "c", "-n", "3", renamed.toString());
        assertThat(other.code()).isZero();
        assertThat(other.out()).isEqualTo(jvx("cat", "-c", "c", "-n", "3", sample("chunked.vortex")).out());
        Result unknown = jvx("cat", "-c", "seq", "-n", "3", renamed.toString());
        assertThat(unknown.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(unknown.err()).contains("column 'seq' uses layout 'vortex.chunkeX'").contains(" at byte ");
    }

    @Test
    void malformedFilesExitTwo(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(Path.of(sample("primitives.vortex")));
        Path truncated = dir.resolve("truncated.vortex");
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length - 3));
        Path garbage = dir.resolve("garbage.vortex");
        Files.writeString(garbage, "this is not a vortex file at all");
        Path empty = dir.resolve("empty.vortex");
        Files.write(empty, new byte[0]);
        for (Path p : List.of(truncated, garbage, empty)) {
            for (String command : List.of("schema", "tree", "count", "cat")) {
                Result r = jvx(command, p.toString());
                assertThat(r.code()).as(command + " " + p).isEqualTo(Jvx.EXIT_BAD_FILE);
                assertThat(r.err()).as(command + " " + p).startsWith("jvx: ").endsWith("\n")
                        .contains(p.getFileName().toString()).doesNotContain("Exception");
                assertThat(r.out()).isEmpty();
            }
        }
        // a corrupt array flatbuffer length inside a flat segment: the footer parses, the segment does not
        byte[] corrupt = bytes.clone();
        int fbLengthOffset = 8 + 2588 - 4; // segment 0 (offset 8, 2588 bytes) ends with its flatbuffer length
        corrupt[fbLengthOffset + 3] = 0x7f;
        Path badSegment = dir.resolve("bad-segment.vortex");
        Files.write(badSegment, corrupt);
        for (String command : List.of("tree", "cat")) {
            Result r = jvx(command, badSegment.toString());
            assertThat(r.code()).as(command).isEqualTo(Jvx.EXIT_BAD_FILE);
            assertThat(r.err()).as(command).startsWith("jvx: ").contains("root.id").contains("flatbuffer length");
        }
        assertThat(jvx("schema", badSegment.toString()).code()).isZero();
    }

    @Test
    void catStopsQuietlyWhenTheReaderGoesAway() {
        // a stdout whose reader has gone (e.g. `jvx cat f | head -1`): every write fails
        java.io.Writer closed = new java.io.Writer() {
            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                throw new IOException("Broken pipe");
            }

            @Override
            public void flush() throws IOException {
                throw new IOException("Broken pipe");
            }

            @Override
            public void close() {
            }
        };
        StringWriter err = new StringWriter();
        int code = Jvx.execute(new PrintWriter(closed), new PrintWriter(err), "cat", sample("primitives.vortex"));
        assertThat(code).isZero();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void missingFileExitsTwo(@TempDir Path dir) {
        Result r = jvx("count", dir.resolve("nope.vortex").toString());
        assertThat(r.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(r.err()).isEqualTo("jvx: cannot read " + dir.resolve("nope.vortex") + ": no such file\n");
    }

    @Test
    void badUsageExits64() {
        String file = sample("primitives.vortex");
        for (String[] args : List.of(new String[] {}, new String[] {"bogus"}, new String[] {"cat"},
                new String[] {"cat", file, "--format", "xml"}, new String[] {"cat", file, "--limit", "-1"},
                new String[] {"cat", file, "--limit", "many"}, new String[] {"count", file, "extra"},
                new String[] {"cat", file, "--columns", "nope"}, new String[] {"schema", "--frobnicate", file},
                new String[] {"cat", sample("scalar_root.vortex"), "--columns", "a"})) {
            Result r = jvx(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(Jvx.EXIT_USAGE);
            assertThat(r.err()).as(String.join(" ", args)).contains("Usage: jvx");
            assertThat(r.out()).isEmpty();
        }
        assertThat(jvx("cat", file, "--columns", "nope").err()).startsWith("no column 'nope'");
    }

    private static final Pattern FIELD = Pattern.compile("\"([^\"]+)\":(-?[0-9.e+-]+|true|false|null)");

    /** The raw JSON text of a scalar field of a flat JSON object line. */
    static String field(String line, String key) {
        Matcher m = FIELD.matcher(line);
        while (m.find()) {
            if (m.group(1).equals(key)) {
                return m.group(2);
            }
        }
        throw new AssertionError("no field " + key + " in " + line);
    }
}
