package io.jvortex.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;
import io.jvortex.internal.jsonl.CsvWriter;
import io.jvortex.internal.jsonl.JsonValues;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.io.FileSink;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.oracle.RustOracle;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** CSV → Vortex: inference, round trips through the CSV export, options, errors. */
class CsvToVortexTest {
    @TempDir
    Path dir;

    // ---------------------------------------------------------------------------------------------
    // round trips

    @Test
    void seededCorpusRoundTripsByteExactAndRustReadsTheSameValues() throws IOException {
        SplittableRandom random = Seeds.random("csv corpus");
        String csv = CsvCorpus.generate(random, 3_000);
        Path in = Files.writeString(dir.resolve("corpus.csv"), csv);
        Path out = dir.resolve("corpus.vortex");
        // a small sample and small batches: later rows are checked against the inferred types, over several batches
        CsvOptions options = CsvOptions.defaults().withSampleRows(500).withBatchRows(700);
        long rows = CsvToVortex.convert(in, out, options, WriteOptions.defaults());
        assertThat(rows).isEqualTo(3_000);
        try (VortexReader reader = VortexReader.open(out)) {
            List<String> types = ((DType.Struct) reader.schema()).fields().stream().map(CsvSchema::name).toList();
            assertThat(((DType.Struct) reader.schema()).names()).isEqualTo(CsvCorpus.NAMES);
            assertThat(types).isEqualTo(CsvCorpus.TYPES);
        }
        assertThat(export(out)).isEqualTo(csv);
        List<String> ours = readJsonl(out);
        for (RustOracle judge : RustOracle.judges()) {
            assertThat(judge.read(out)).as("the Rust reader of vortex-data %s", judge.version()).isEqualTo(ours);
        }
    }

    @Test
    void sinkConversionWritesTheSameBytes() throws IOException {
        String csv = CsvCorpus.generate(Seeds.random("csv sink"), 200);
        Path in = Files.writeString(dir.resolve("s.csv"), csv);
        Path viaPath = dir.resolve("path.vortex");
        Path viaSink = dir.resolve("sink.vortex");
        CsvToVortex.convert(in, viaPath, CsvOptions.defaults(), WriteOptions.defaults());
        assertThat(CsvToVortex.convert(in, FileSink.create(viaSink), CsvOptions.defaults(), WriteOptions.defaults()))
                .isEqualTo(200);
        assertThat(Files.readAllBytes(viaSink)).isEqualTo(Files.readAllBytes(viaPath));
    }

    @Test
    void nullAndEmptyStringStayApartAndASingleColumnKeepsItsBlankLines() throws IOException {
        String csv = "only\n\"\"\n\nx\n\"a,b\"\n\n";
        Path out = convert(csv, CsvOptions.defaults());
        assertThat(readJsonl(out)).containsExactly("{\"only\":\"\"}", "{\"only\":null}", "{\"only\":\"x\"}",
                "{\"only\":\"a,b\"}", "{\"only\":null}");
        assertThat(export(out)).isEqualTo(csv);
    }

    @Test
    void crlfRecordEndsAByteOrderMarkAndBlankLinesAreRead() throws IOException {
        Path out = convert("\uFEFFa,b\r\n1,\"x\r\ny\"\r\n\r\n2,z\r\n", CsvOptions.defaults());
        assertThat(readJsonl(out)).containsExactly("{\"a\":1,\"b\":\"x\\r\\ny\"}", "{\"a\":2,\"b\":\"z\"}");
    }

    @Test
    void headerOnlyGivesAnEmptyTableOfStrings() throws IOException {
        Path out = convert("a,b\n", CsvOptions.defaults());
        try (VortexReader reader = VortexReader.open(out)) {
            assertThat(reader.rowCount()).isZero();
            assertThat(((DType.Struct) reader.schema()).fields()).containsOnly(new DType.Utf8(true));
        }
        assertThat(export(out)).isEqualTo("a,b\n");
    }

    @Test
    void anEmptyFileIsATableWithoutColumns() throws IOException {
        Path out = convert("", CsvOptions.defaults());
        try (VortexReader reader = VortexReader.open(out)) {
            assertThat(reader.rowCount()).isZero();
            assertThat(((DType.Struct) reader.schema()).names()).isEmpty();
        }
    }

    @Test
    void blankLinesBetweenRowsOfSeveralColumnsAreSkippedWhateverCountsAsNull() throws IOException {
        Path out = convert("a,b\n1,x\n\n2,y\n\n", CsvOptions.defaults().withNullValues(Set.of("NA")));
        assertThat(readJsonl(out)).containsExactly("{\"a\":1,\"b\":\"x\"}", "{\"a\":2,\"b\":\"y\"}");
    }

    @Test
    void aSchemaTypeCsvCannotHoldFailsBeforeAnythingIsWritten() throws IOException {
        Path in = Files.writeString(dir.resolve("b.csv"), "a\nff\n");
        assertThatThrownBy(() -> CsvToVortex.convert(in, dir.resolve("b.vortex"),
                CsvOptions.defaults().withColumnType("a", new DType.Binary(true)), WriteOptions.defaults()))
                .isInstanceOf(CsvException.class).hasMessageContaining("CSV import does not support binary?");
        assertThat(listDir()).containsExactly("b.csv");
    }

    // ---------------------------------------------------------------------------------------------
    // inference

    static Stream<Arguments> inferenceCases() {
        return Stream.of(
                Arguments.of(List.of("1", "-2", "0", "9223372036854775807"), "i64"),
                Arguments.of(List.of("1", "007"), "utf8"),
                Arguments.of(List.of("+1"), "utf8"),
                Arguments.of(List.of("-0"), "utf8"),
                Arguments.of(List.of("99999999999999999999", "1"), "decimal(38,0)"),
                Arguments.of(List.of("1.50", "2.00", "-0.25"), "decimal(18,2)"),
                Arguments.of(List.of("0.10"), "decimal(18,2)"),
                Arguments.of(List.of("-0.00"), "utf8"),
                Arguments.of(List.of("01.5"), "utf8"),
                Arguments.of(List.of(".5"), "utf8"),
                Arguments.of(List.of("1.5", "2.25"), "f64"),
                Arguments.of(List.of("1.5", "2.25", "NaN", "-Infinity"), "f64"),
                Arguments.of(List.of("NaN"), "utf8"),
                Arguments.of(List.of("1e3"), "utf8"),
                Arguments.of(List.of("1e+16", "1.5e-05", "0.0001", "-0.0"), "f64"),
                Arguments.of(List.of("1.5", "1.50"), "utf8"),
                Arguments.of(List.of("0.1", "0.30000000000000004"), "f64"),
                Arguments.of(List.of("0.1", "0.3000000000000000444"), "utf8"),
                Arguments.of(List.of("true", "false"), "bool"),
                Arguments.of(List.of("True"), "utf8"),
                Arguments.of(List.of("2024-02-29", "0001-01-01"), "date"),
                Arguments.of(List.of("2023-02-29"), "utf8"),
                Arguments.of(List.of("2024-1-01"), "utf8"),
                Arguments.of(List.of("2024-01-01T10:00:00Z"), "timestamp[s,tz=UTC]"),
                Arguments.of(List.of("2024-01-01T10:00:00.123"), "timestamp[ms]"),
                Arguments.of(List.of("2024-01-01T10:00:00.123456Z"), "timestamp[us,tz=UTC]"),
                Arguments.of(List.of("2024-01-01T10:00:00.123456789"), "timestamp[ns]"),
                Arguments.of(List.of("2024-01-01T10:00:00.1"), "utf8"),
                Arguments.of(List.of("2024-01-01T10:00:00.123", "2024-01-01T10:00:00.123456"), "utf8"),
                Arguments.of(List.of("2024-01-01T10:00:00Z", "2024-01-01T10:00:00"), "utf8"),
                Arguments.of(List.of("2024-01-01T10:00:00+05:30"), "utf8"),
                Arguments.of(List.of("2024-01-01 10:00:00"), "utf8"),
                Arguments.of(List.of("2024-01-01T24:00:00"), "utf8"),
                Arguments.of(List.of("\"\""), "utf8"),
                Arguments.of(List.of("", ""), "utf8"),
                Arguments.of(List.of("", "5"), "i64"));
    }

    @ParameterizedTest
    @MethodSource("inferenceCases")
    void infersATypeOnlyWhenEveryValuePrintsBackUnchanged(List<String> fields, String type) throws IOException {
        String csv = "v\n" + String.join("\n", fields) + "\n";
        Path out = convert(csv, CsvOptions.defaults());
        try (VortexReader reader = VortexReader.open(out)) {
            assertThat(CsvSchema.name(((DType.Struct) reader.schema()).fields().getFirst())).isEqualTo(type);
            assertThat(((DType.Struct) reader.schema()).fields().getFirst().nullable()).isTrue();
        }
        assertThat(export(out)).isEqualTo(csv);
    }

    @Test
    void canonicalDoublesAreTheExportsText() {
        SplittableRandom random = Seeds.random("csv doubles");
        for (int i = 0; i < 100_000; i++) {
            double v = switch (i % 3) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> random.nextInt(-100_000, 100_000) / 1000.0;
                default -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-20, 20));
            };
            if (Double.isNaN(v) || Double.isInfinite(v) || (v != 0 && Math.abs(v) < Double.MIN_NORMAL)) {
                continue;
            }
            String expected = JsonValues.float64ToString(v);
            assertThat(Values.formatDouble(v)).as("bits %x", Double.doubleToRawLongBits(v)).isEqualTo(expected);
            assertThat(Values.isCanonicalDouble(expected)).isTrue();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // options and schema

    @Test
    void schemaOverridesSomeColumnsAndParsesLeniently() throws IOException {
        String csv = "id,at,price,name\n007,2024-01-01 10:00:00+02:00,1.5,x\n+8,2024-01-02,2,\n";
        CsvOptions options = CsvOptions.defaults()
                .withSchema(CsvSchema.parse("at:timestamp[us,tz=UTC], id:i32!,price:decimal(10,2)"));
        Path out = convert(csv, options);
        try (VortexReader reader = VortexReader.open(out)) {
            assertThat(((DType.Struct) reader.schema()).fields().stream().map(t -> CsvSchema.name(t) + (t.nullable() ? "?" : "")))
                    .containsExactly("i32", "timestamp[us,tz=UTC]?", "decimal(10,2)?", "utf8?");
        }
        assertThat(export(out)).isEqualTo("id,at,price,name\n7,2024-01-01T08:00:00.000000Z,1.50,x\n"
                + "8,2024-01-02T00:00:00.000000Z,2.00,\n");
    }

    @Test
    void schemaTextForms() {
        Map<String, DType> types = CsvSchema.parse("a:i64,b:decimal(10, 2)?,c:timestamp[ms, tz=America/New_York]!,"
                + "d:vortex.timestamp(us, tz=UTC),e:vortex.date(d) not null,f:string,g:BOOL nullable");
        assertThat(types.keySet()).containsExactly("a", "b", "c", "d", "e", "f", "g");
        assertThat(types.values().stream().map(t -> CsvSchema.name(t) + (t.nullable() ? "?" : "")))
                .containsExactly("i64?", "decimal(10,2)?", "timestamp[ms,tz=America/New_York]", "timestamp[us,tz=UTC]?",
                        "date", "utf8?", "bool?");
        assertThatThrownBy(() -> CsvSchema.parse("a:int128")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown type 'int128'");
        assertThatThrownBy(() -> CsvSchema.parse("a")).hasMessageContaining("not name:type");
        assertThatThrownBy(() -> CsvSchema.parse("a:i64,a:f64")).hasMessageContaining("column 'a' twice");
        assertThatThrownBy(() -> CsvSchema.parse("a:decimal(2,5)")).hasMessageContaining("bad type");
    }

    @Test
    void tabsNoHeaderOtherQuoteAndNullTexts() throws IOException {
        String tsv = "1\t'a\tb'\tNA\n2\t''\t\n";
        CsvOptions options = CsvOptions.defaults().withDelimiter('\t').withQuote('\'').withHeader(false)
                .withNullValues(Set.of("", "NA"));
        Path out = convert(tsv, options);
        assertThat(readJsonl(out)).containsExactly("{\"c0\":1,\"c1\":\"a\\tb\",\"c2\":null}",
                "{\"c0\":2,\"c1\":\"\",\"c2\":null}");
    }

    @Test
    void otherCharsets() throws IOException {
        Path in = dir.resolve("latin1.csv");
        Files.write(in, "name\ncaf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        Path out = dir.resolve("latin1.vortex");
        CsvToVortex.convert(in, out, CsvOptions.defaults().withCharset(StandardCharsets.ISO_8859_1),
                WriteOptions.defaults());
        assertThat(readJsonl(out)).containsExactly("{\"name\":\"caf\u00e9\"}");
    }

    // ---------------------------------------------------------------------------------------------
    // errors

    static Stream<Arguments> malformed() {
        String multiline = "a,b\n1,\"x\ny\"\n2,\"p\r\nq\r\nr\"\n";
        return Stream.of(
                // an unterminated quote: the record starts at line 8 (lines 2-3 and 4-6 hold two records)
                Arguments.of(multiline + "3,ok\n4,\"never closed\n5,z\n", Map.of(), 8L, null, null,
                        "Unclosed quoted field"),
                // a wrong field count after two multi-line records
                Arguments.of(multiline + "3,4,5\n", Map.of(), 7L, null, null, "3 fields, expected 2"),
                Arguments.of(multiline + "3\n", Map.of(), 7L, null, null, "1 field, expected 2"),
                Arguments.of("a,b\n1,\"x\"y\n", Map.of(), 2L, null, null, "after closing quote"),
                // a value after the sample that does not fit: its field's own line, inside the record
                Arguments.of("a,b,c\n1,x,2\n" + "3,\"m\nn\",4\n".repeat(3) + "5,\"multi\nline\",5.5\n", Map.of(),
                        10L, "c", "5.5", "does not fit i64 (the type inferred from the first 2 rows)"),
                Arguments.of("a\n1\n2\n007\n", Map.of(), 4L, "a", "007", "it would print back as 7"),
                Arguments.of("a,b\n1,2024-01-01\n2,2024-01-02\n3,2024-02-30\n", Map.of(), 4L, "b", "2024-02-30", "not a date"),
                // a schema type the value does not fit, and a null in a not-null column
                Arguments.of("a,b\n1,x\n", Map.of("b", "i64"), 2L, "b", "x", "not a 64-bit integer"),
                Arguments.of("a,b\n1,x\n,y\n", Map.of("a", "i64!"), 3L, "a", null, "not nullable"),
                Arguments.of("a,a\n1,2\n", Map.of(), 1L, "a", null, "names column 'a' twice"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void malformedInputNamesItsLineAndLeavesNothing(String csv, Map<String, String> schema, long line, String column,
            String value, String message) throws IOException {
        Path in = Files.writeString(dir.resolve("bad.csv"), csv);
        Path out = dir.resolve("bad.vortex");
        StringBuilder schemaText = new StringBuilder();
        schema.forEach((k, v) -> schemaText.append(k).append(':').append(v).append(','));
        CsvOptions options = CsvOptions.defaults().withSampleRows(2).withBatchRows(2)
                .withSchema(CsvSchema.parse(schemaText.toString()));
        assertThatThrownBy(() -> CsvToVortex.convert(in, out, options, WriteOptions.defaults()))
                .isInstanceOfSatisfying(CsvException.class, e -> {
                    assertThat(e.line()).isEqualTo(line);
                    assertThat(e.column()).isEqualTo(column);
                    assertThat(e.value()).isEqualTo(value);
                    assertThat(e.getMessage()).startsWith(in + ": line " + line).contains(message);
                });
        assertThat(listDir()).containsExactly("bad.csv");
        // an existing destination stays as it was, and a sink is aborted
        Files.writeString(out, "before");
        assertThatThrownBy(() -> CsvToVortex.convert(in, out, options, WriteOptions.defaults()))
                .isInstanceOf(CsvException.class);
        Path viaSink = dir.resolve("sink.vortex");
        assertThatThrownBy(() -> CsvToVortex.convert(in, FileSink.create(viaSink), options, WriteOptions.defaults()))
                .isInstanceOf(CsvException.class);
        assertThat(listDir()).containsExactly("bad.csv", "bad.vortex");
        assertThat(Files.readString(out)).isEqualTo("before");
    }

    @Test
    void inferredValueErrorsSuggestASchema() throws IOException {
        Path in = Files.writeString(dir.resolve("h.csv"), "price\n1.50\n2.5\n");
        assertThatThrownBy(() -> CsvToVortex.convert(in, dir.resolve("h.vortex"), CsvOptions.defaults().withSampleRows(1),
                WriteOptions.defaults())).hasMessage(in + ": line 3, column 'price': value \"2.5\" does not fit "
                + "decimal(18,2) (the type inferred from the first 1 rows): it does not have exactly 2 digits after "
                + "the point in plain notation; give the column a type with --schema \"price:TYPE\", e.g. price:utf8");
    }

    @Test
    void bytesNotInTheCharsetAreAnError() throws IOException {
        Path in = dir.resolve("bad-utf8.csv");
        Files.write(in, new byte[] {'a', '\n', 'x', '\n', 'y', (byte) 0xC3, '(', '\n'});
        assertThatThrownBy(() -> CsvToVortex.convert(in, dir.resolve("u.vortex"), CsvOptions.defaults(),
                WriteOptions.defaults())).isInstanceOf(CsvException.class).hasMessageContaining("not UTF-8");
        assertThat(listDir()).containsExactly("bad-utf8.csv");
    }

    @Test
    void schemaColumnsMustExist() throws IOException {
        Path in = Files.writeString(dir.resolve("s.csv"), "a\n1\n");
        assertThatThrownBy(() -> CsvToVortex.convert(in, dir.resolve("s.vortex"),
                CsvOptions.defaults().withColumnType("b", new DType.Bool(true)), WriteOptions.defaults()))
                .isInstanceOf(CsvException.class).hasMessageContaining("names column 'b', which the file does not have");
    }

    // ---------------------------------------------------------------------------------------------

    private Path convert(String csv, CsvOptions options) throws IOException {
        Path in = Files.writeString(dir.resolve("in.csv"), csv);
        Path out = dir.resolve("out.vortex");
        CsvToVortex.convert(in, out, options, WriteOptions.defaults());
        return out;
    }

    private List<String> listDir() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The rows as {@code jvx cat --format csv} prints them. */
    static String export(Path file) {
        StringWriter text = new StringWriter();
        CsvWriter csv = new CsvWriter(text);
        scan(file, schema -> csv.writeHeader(schema), csv::write);
        csv.flush();
        return text.toString();
    }

    /** The rows in canonical JSONL, the form the Rust oracle reports. */
    static List<String> readJsonl(Path file) {
        StringWriter text = new StringWriter();
        JsonlWriter jsonl = new JsonlWriter(text);
        scan(file, schema -> {}, jsonl::write);
        jsonl.flush();
        return new ArrayList<>(text.toString().lines().toList());
    }

    private static void scan(Path file, Consumer<DType> header, Consumer<Canonical> rows) {
        try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan()) {
            header.accept(reader.schema());
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    rows.accept(chunk.rawArray());
                }
            }
        }
    }
}
