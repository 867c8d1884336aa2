package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.csv.CsvCorpus;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jvx convert in.csv out.vortex} and back with {@code jvx cat --format csv}. */
class ConvertCsvTest {
    @TempDir
    Path dir;

    @Test
    void seededCorpusRoundTripsThroughCatByteExact() throws IOException {
        String csv = CsvCorpus.generate(Seeds.random("jvx csv corpus"), 2_000);
        Path in = Files.writeString(dir.resolve("corpus.csv"), csv);
        Path out = dir.resolve("corpus.vortex");
        JvxTest.Result r = JvxTest.jvx("convert", in.toString(), out.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith(out + ": 2000 rows, ");
        JvxTest.Result cat = JvxTest.jvx("cat", "--format", "csv", out.toString());
        assertThat(cat.code()).as(cat.err()).isZero();
        assertThat(cat.out()).isEqualTo(csv);
        JvxTest.Result schema = JvxTest.jvx("schema", out.toString());
        assertThat(schema.out().lines()).contains("id: i64 nullable", "amount: decimal(18,2) nullable",
                "ratio: f64 nullable", "flag: bool nullable", "day: vortex.date(d) nullable",
                "at: vortex.timestamp(s, tz=UTC) nullable", "at_ms: vortex.timestamp(ms) nullable",
                "text: utf8 nullable");
    }

    @Test
    void tsvNoHeaderDelimiterQuoteNullAndSchemaOptions() throws IOException {
        Path tsv = Files.writeString(dir.resolve("t.tsv"), "1\tx y\tNA\n2\t\"a\tb\"\t2.5\n");
        Path out = dir.resolve("t.vortex");
        JvxTest.Result r = JvxTest.jvx("convert", tsv.toString(), out.toString(), "--no-header", "--null", "NA",
                "--schema", "c0:i32!,c2:decimal(5,2)");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(JvxTest.jvx("cat", "--format", "csv", out.toString()).out())
                .isEqualTo("c0,c1,c2\n1,x y,\n2,a\tb,2.50\n");
        assertThat(JvxTest.jvx("schema", out.toString()).out().lines())
                .containsExactly("c0: i32 not null", "c1: utf8 nullable", "c2: decimal(5,2) nullable");

        Path semi = Files.writeString(dir.resolve("s.txt"), "a;b\n'x;y';'it''s'\n");
        Path out2 = dir.resolve("s.vortex");
        JvxTest.Result r2 = JvxTest.jvx("convert", semi.toString(), out2.toString(), "--from", "csv",
                "--delimiter", ";", "--quote", "'");
        assertThat(r2.code()).as(r2.err()).isZero();
        assertThat(JvxTest.jvx("cat", out2.toString()).out()).isEqualTo("{\"a\":\"x;y\",\"b\":\"it's\"}\n");
    }

    @Test
    void malformedCsvIsABadFileWithItsLineAndLeavesNothing() throws IOException {
        Path in = Files.writeString(dir.resolve("bad.csv"), "a,b\n1,\"two\nlines\"\n2,x,extra\n");
        JvxTest.Result r = JvxTest.jvx("convert", in.toString(), dir.resolve("bad.vortex").toString());
        assertThat(r.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(r.err()).startsWith("jvx: " + in + ": line 4: 3 fields, expected 2");
        Path value = Files.writeString(dir.resolve("value.csv"), "n\n1\n2\nthree\n");
        JvxTest.Result v = JvxTest.jvx("convert", value.toString(), dir.resolve("value.vortex").toString(),
                "--schema", "n:i64");
        assertThat(v.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(v.err()).contains("line 4, column 'n': value \"three\" does not fit i64");
        Path missing = dir.resolve("missing.csv");
        JvxTest.Result m = JvxTest.jvx("convert", missing.toString(), dir.resolve("m.vortex").toString());
        assertThat(m.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(m.err().strip()).isEqualTo("jvx: cannot read " + missing + ": no such file");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly("bad.csv", "value.csv");
        }
    }

    @Test
    void csvOptionsAreUsageErrorsWhereTheyDoNotApply() throws IOException {
        Path in = Files.writeString(dir.resolve("a.csv"), "a\n1\n");
        JvxTest.Result badSchema = JvxTest.jvx("convert", in.toString(), dir.resolve("a.vortex").toString(),
                "--schema", "a:int7");
        assertThat(badSchema.code()).isEqualTo(Jvx.EXIT_USAGE);
        assertThat(badSchema.err()).contains("unknown type 'int7'");
        JvxTest.Result badDelimiter = JvxTest.jvx("convert", in.toString(), dir.resolve("a.vortex").toString(),
                "--delimiter", "ab");
        assertThat(badDelimiter.code()).isEqualTo(Jvx.EXIT_USAGE);
        JvxTest.Result parquet = JvxTest.jvx("convert", ConvertCommandTest.input(), dir.resolve("p.vortex").toString(),
                "--no-header");
        assertThat(parquet.code()).isEqualTo(Jvx.EXIT_USAGE);
        assertThat(parquet.err()).contains("apply to CSV input only");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).isEqualTo(List.of("a.csv"));
        }
    }

    @Test
    void catQuotesPerRfc4180AndTellsNullFromEmpty() throws IOException {
        String csv = "\"a,b\",\"say \"\"hi\"\"\"\n"
                + "\"x,y\",\"\"\n"
                + "\"line\nbreak\",\n"
                + "\"cr\r\nlf\",\"\"\"\"\n"
                + ",plain\n";
        Path in = Files.writeString(dir.resolve("q.csv"), csv);
        Path out = dir.resolve("q.vortex");
        assertThat(JvxTest.jvx("convert", in.toString(), out.toString()).code()).isZero();
        assertThat(JvxTest.jvx("cat", out.toString()).out().lines()).containsExactly(
                "{\"a,b\":\"x,y\",\"say \\\"hi\\\"\":\"\"}",
                "{\"a,b\":\"line\\nbreak\",\"say \\\"hi\\\"\":null}",
                "{\"a,b\":\"cr\\r\\nlf\",\"say \\\"hi\\\"\":\"\\\"\"}",
                "{\"a,b\":null,\"say \\\"hi\\\"\":\"plain\"}");
        assertThat(JvxTest.jvx("cat", "--format", "csv", out.toString()).out()).isEqualTo(csv);
    }
}
