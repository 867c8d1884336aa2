package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jvortex.api.Chunk;
import io.jvortex.api.DoubleColumn;
import io.jvortex.api.ListColumn;
import io.jvortex.api.LongColumn;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.StringColumn;
import io.jvortex.api.StructColumn;
import io.jvortex.error.VortexException;
import io.jvortex.api.VortexReader;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The public column views over chunks scanned from the Rust-written samples, against their reference JSONL. */
class ColumnViewsOnFilesTest {

    private static String value(String line, String key) {
        String member = JsonFields.member(line, key);
        return member.substring(key.length() + 3);
    }

    private static String unquote(String json) {
        return json.substring(1, json.length() - 1);
    }

    @Test
    void primitivesInSmallChunks() throws IOException {
        List<String> lines = JvxTest.text("primitives.jsonl").lines().toList();
        long idSum = 0;
        for (String l : lines) {
            idSum += Long.parseLong(value(l, "id"));
        }
        long viewSum = 0;
        int row = 0;
        List<LongColumn> closedViews = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(Path.of(JvxTest.sample("primitives.vortex")));
             ScanIterator scan = reader.scan(ScanOptions.builder().maxChunkRows(7).build())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    assertThat(chunk.columnCount()).isEqualTo(5);
                    LongColumn id = chunk.column("id").asLongs();
                    LongColumn i32 = chunk.column("i32").asLongs();
                    LongColumn u64 = chunk.column(2).asLongs();
                    var flag = chunk.column("flag").asBooleans();
                    DoubleColumn f32 = chunk.column("f32").asDoubles();
                    long[] ids = new long[chunk.rowCount()];
                    id.copyTo(ids);
                    for (int i = 0; i < chunk.rowCount(); i++, row++) {
                        String l = lines.get(row);
                        assertThat(ids[i]).isEqualTo(Long.parseLong(value(l, "id")));
                        String i32Text = value(l, "i32");
                        assertThat(i32.isNull(i)).isEqualTo(i32Text.equals("null"));
                        if (!i32.isNull(i)) {
                            assertThat(i32.get(i)).isEqualTo(Long.parseLong(i32Text));
                        }
                        assertThat(u64.getUnsigned(i)).isEqualTo(new BigInteger(value(l, "u64")));
                        String flagText = value(l, "flag");
                        assertThat(flag.isNull(i)).isEqualTo(flagText.equals("null"));
                        if (!flag.isNull(i)) {
                            assertThat(flag.get(i)).isEqualTo(Boolean.parseBoolean(flagText));
                        }
                        assertThat((float) f32.get(i)).isEqualTo(Float.parseFloat(value(l, "f32")));
                    }
                    viewSum += id.sum();
                    closedViews.add(id);
                }
            }
        }
        assertThat(row).isEqualTo(300);
        assertThat(viewSum).isEqualTo(idSum);
        assertThat(closedViews).hasSizeGreaterThan(40);
        assertThatThrownBy(() -> closedViews.get(3).get(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> closedViews.get(3).sum()).isInstanceOf(IllegalStateException.class);
    }

    /** The map view over the Rust-written map sample agrees with the JSONL rendering of the same rows. */
    @Test
    void mapViews() {
        try (VortexReader reader = VortexReader.open(Path.of(JvxTest.sample("map.vortex")));
             ScanIterator scan = reader.scan(ScanOptions.builder().columns("m").maxChunkRows(100).build())) {
            int rows = 0;
            int entries = 0;
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    io.jvortex.api.MapColumn m = chunk.column("m").asMaps();
                    var keys = m.keys().asStrings();
                    var values = m.values().asLongs();
                    for (int i = 0; i < chunk.rowCount(); i++, rows++) {
                        StringBuilder sb = new StringBuilder();
                        if (m.isNull(i)) {
                            sb.append("null");
                        } else {
                            sb.append('[');
                            for (int k = 0; k < m.size(i); k++, entries++) {
                                int e = m.start(i) + k;
                                sb.append(k == 0 ? "[" : ",[").append('"').append(keys.getString(e)).append("\",")
                                        .append(values.isNull(e) ? "null" : String.valueOf(values.get(e))).append(']');
                            }
                            sb.append(']');
                        }
                        assertThat(sb.toString()).isEqualTo(io.jvortex.internal.jsonl.JsonlWriter.toJson(chunk.rawField("m"), i));
                    }
                }
            }
            assertThat(rows).isEqualTo(1500);
            assertThat(entries).isGreaterThan(1000);
        }
    }

    @Test
    void temporalListAndNestedViews() throws IOException {
        List<String> lines = JvxTest.text("nested.jsonl").lines().toList();
        try (VortexReader reader = VortexReader.open(Path.of(JvxTest.sample("nested.vortex")));
             ScanIterator scan = reader.scan(ScanOptions.builder()
                     .columns("ts_ms", "ts_ns_tz", "t_us", "day", "ints", "nested").maxChunkRows(10).build())) {
            int row = 0;
            while (scan.hasNext()) {
                Chunk chunk;
                try {
                    chunk = scan.next();
                } catch (VortexException e) {
                    assumeTrue(!e.getMessage().contains("unknown array encoding"), e.getMessage());
                    throw e;
                }
                try (chunk) {
                    var tsMs = chunk.column("ts_ms").asTimestamps();
                    var tsNs = chunk.column("ts_ns_tz").asTimestamps();
                    var time = chunk.column("t_us").asTimes();
                    var day = chunk.column("day").asDates();
                    ListColumn ints = chunk.column("ints").asLists();
                    StructColumn nested = chunk.column("nested").asStructs();
                    assertThat(tsNs.timeZone()).contains("Europe/Paris");
                    for (int i = 0; i < chunk.rowCount(); i++, row++) {
                        String l = lines.get(row);
                        String ms = value(l, "ts_ms");
                        assertThat(tsMs.get(i)).isEqualTo(ms.equals("null") ? null
                                : java.time.LocalDateTime.parse(unquote(ms)).toInstant(ZoneOffset.UTC));
                        assertThat(tsNs.get(i)).isEqualTo(Instant.parse(unquote(value(l, "ts_ns_tz"))));
                        String t = value(l, "t_us");
                        assertThat(time.get(i)).isEqualTo(t.equals("null") ? null : LocalTime.parse(unquote(t)));
                        String d = value(l, "day");
                        assertThat(day.get(i)).isEqualTo(d.equals("null") ? null : LocalDate.parse(unquote(d)));
                        String list = value(l, "ints");
                        assertThat(ints.isNull(i)).isEqualTo(list.equals("null"));
                        if (!ints.isNull(i)) {
                            LongColumn elements = ints.get(i).asLongs();
                            StringBuilder sb = new StringBuilder("[");
                            for (int k = 0; k < elements.size(); k++) {
                                sb.append(k == 0 ? "" : ",").append(elements.get(k));
                            }
                            assertThat(sb.append(']').toString()).isEqualTo(list);
                        }
                        String n = value(l, "nested");
                        assertThat(nested.isNull(i)).isEqualTo(n.equals("null"));
                        if (!nested.isNull(i)) {
                            assertThat(nested.field("k").asLongs().get(i)).isEqualTo(Long.parseLong(value(n, "k")));
                            ListColumn v = nested.field("v").asLists();
                            StringColumn strings = v.elements().asStrings();
                            StringBuilder sb = new StringBuilder("[");
                            for (int k = 0; k < v.size(i); k++) {
                                String s = strings.getString(v.start(i) + k);
                                sb.append(k == 0 ? "" : ",").append(s == null ? "null" : "\"" + s + "\"");
                            }
                            assertThat(sb.append(']').toString()).isEqualTo(value(n, "v"));
                        }
                    }
                }
            }
            assertThat(row).isEqualTo(64);
        }
    }
}
