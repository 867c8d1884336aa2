package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.WriteOptions;
import io.jvortex.parquet.ParquetToVortex;
import io.jvortex.testing.oracle.RustOracle;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet files written by pyarrow with an {@code ARROW:schema} in their footer: what {@link ParquetToVortex}
 * writes is read by the Rust reader with the same Arrow schema and rows as the Rust writer's own conversion
 * of the table pyarrow reads from the file (time zones, fixed-size lists, {@code arrow.uuid},
 * {@code arrow.json}, large, view and dictionary types, non-nullable fields), and with pyarrow's values.
 */
class ParquetArrowSchemaConformanceTest {
    /** One column of each kind the stored Arrow schema changes or keeps, with nulls. */
    static final String TABLE =
            "pa.Table.from_arrays([\n"
            + " pa.array([0, 1700000000123, None, -5], pa.timestamp('ms', tz='America/New_York')),\n"
            + " pa.array([1, None, 3, 4], pa.timestamp('us', tz='+05:30')),\n"
            + " pa.array([1, 2, None, -4], pa.timestamp('s')),\n"
            + " pa.array([1, 2, None, -4], pa.timestamp('s', tz='UTC')),\n"
            + " pa.array([7, 8, None, 9], pa.timestamp('ns', tz='Asia/Kolkata')),\n"
            + " pa.array([1, 86399, None, 0], pa.time32('s')),\n"
            + " pa.array([86400000, 0, None, -86400000], pa.date64()),\n"
            + " pa.array([[1, 2], [3, None], None, [5, 6]], pa.list_(pa.int32(), 2)),\n"
            + " pa.array([[1.5, 2.5, 3.5], [4.0, 5.0, 6.0], [0.0, -1.0, 2.0], [7.0, 8.0, 9.0]], pa.list_(pa.field('x', pa.float64(), nullable=False), 3)),\n"
            + " pa.array([uuid.UUID(int=1).bytes, None, uuid.UUID(int=2**127).bytes, uuid.UUID(int=5).bytes], pa.uuid()),\n"
            + " pa.array(['{\"a\":1}', None, '[]', 'null'], pa.json_()),\n"
            + " pa.array(['a', None, 'ccc' * 10, ''], pa.large_string()),\n"
            + " pa.array([b'a', None, b'x' * 20, b''], pa.large_binary()),\n"
            + " pa.array(['a', None, 'a string view value', ''], pa.string_view()),\n"
            + " pa.array([b'a', None, b'a binary view value', b''], pa.binary_view()),\n"
            + " pa.array(['x', 'y', None, 'x']).dictionary_encode(),\n"
            + " pa.array([[1], None, [], [2, 3]], pa.large_list(pa.int64())),\n"
            + " pa.array([1, 255, None, 0], pa.uint8()),\n"
            + " pa.array([decimal.Decimal('1.23'), None, decimal.Decimal('-4.56'), decimal.Decimal('0')], pa.decimal128(10, 2)),\n"
            + " pa.array([[('a', 1)], None, [], [('b', None)]], pa.map_(pa.string(), pa.int64())),\n"
            + " pa.array([{'a': 1, 'b': 'x'}, None, {'a': None, 'b': 'y'}, {'a': 2, 'b': None}], pa.struct([('a', pa.int32()), ('b', pa.string())])),\n"
            + " pa.array([10, 20, 30, 40], pa.int64()),\n"
            + " pa.array([[{'t': 1}], [], [{'t': None}, None], None], pa.list_(pa.struct([('t', pa.timestamp('ms', tz='Europe/Berlin'))]))),\n"
            + "], schema=pa.schema([\n"
            + " pa.field('ts_ny', pa.timestamp('ms', tz='America/New_York')),\n"
            + " pa.field('ts_off', pa.timestamp('us', tz='+05:30')),\n"
            + " pa.field('ts_s', pa.timestamp('s')),\n"
            + " pa.field('ts_s_utc', pa.timestamp('s', tz='UTC')),\n"
            + " pa.field('ts_ns_kolkata', pa.timestamp('ns', tz='Asia/Kolkata')),\n"
            + " pa.field('t32s', pa.time32('s')),\n"
            + " pa.field('d64', pa.date64()),\n"
            + " pa.field('fsl', pa.list_(pa.int32(), 2)),\n"
            + " pa.field('fsl_nn', pa.list_(pa.field('x', pa.float64(), nullable=False), 3)),\n"
            + " pa.field('uuid', pa.uuid()),\n"
            + " pa.field('js', pa.json_()),\n"
            + " pa.field('ls', pa.large_string()),\n"
            + " pa.field('lb', pa.large_binary()),\n"
            + " pa.field('sv', pa.string_view()),\n"
            + " pa.field('bv', pa.binary_view()),\n"
            + " pa.field('dict', pa.dictionary(pa.int32(), pa.string())),\n"
            + " pa.field('ll', pa.large_list(pa.int64())),\n"
            + " pa.field('u8', pa.uint8()),\n"
            + " pa.field('dec', pa.decimal128(10, 2)),\n"
            + " pa.field('m', pa.map_(pa.string(), pa.int64())),\n"
            + " pa.field('st', pa.struct([('a', pa.int32()), ('b', pa.string())])),\n"
            + " pa.field('nn', pa.int64(), nullable=False),\n"
            + " pa.field('nested_tz', pa.list_(pa.struct([('t', pa.timestamp('ms', tz='Europe/Berlin'))]))),\n"
            + "]))\n";

    @TempDir
    Path dir;

    @Test
    void arrowTypesSurviveAsTheReferenceKeepsThem() {
        assertConvertsAsTheReference(TABLE, Map.of());
        assertConvertsAsTheReference(TABLE, Map.of("compression", "zstd", "use_dictionary", false,
                "data_page_version", "2.0"));
    }

    @Test
    void zeroRowsKeepTheirArrowTypes() {
        assertConvertsAsTheReference("(" + TABLE + ").slice(0, 0)",
                Map.of());
    }

    @Test
    void manyRowsInSeveralRowGroups() {
        assertConvertsAsTheReference("pa.concat_tables([" + TABLE + "] * 700)", Map.of("row_group_size", 1000));
    }

    /**
     * The Rust reader's Arrow type of a utf8, binary or list column follows the encoding the writer chose, not
     * the dtype (varbin → string, varbin view → string_view, i64 list offsets → large_list), and our writer's
     * choices are not the reference's: those spellings are made one. The dtypes are compared exactly.
     */
    static String sameEncodingChoice(String arrowSchema) {
        return arrowSchema.replaceAll("\\b(large_)?string(_view)?\\b", "string")
                .replaceAll("\\b(large_)?binary(_view)?\\b", "binary")
                .replaceAll("\\blarge_list<", "list<");
    }

    private void assertConvertsAsTheReference(String table, Map<String, Object> options) {
        RustOracle oracle = RustOracle.shared();
        Path parquet = dir.resolve("t.parquet");
        Path ours = dir.resolve("ours.vortex");
        Path reference = dir.resolve("reference.vortex");
        long written = oracle.writeParquetEval(table, parquet, options);

        long rows = ParquetToVortex.convert(parquet, ours, WriteOptions.defaults());
        oracle.writeFromParquet(parquet, reference, RustOracle.Strategy.DEFAULT, null);

        assertThat(rows).isEqualTo(written);
        assertThat(oracle.info(ours).dtype()).isEqualTo(oracle.info(reference).dtype());
        assertThat(sameEncodingChoice(oracle.vortexScanArrowSchema(ours)))
                .isEqualTo(sameEncodingChoice(oracle.vortexScanArrowSchema(reference)));
        List<String> expected = oracle.read(reference);
        assertThat(oracle.read(ours)).isEqualTo(expected);
        assertThat(oracle.readParquet(parquet)).isEqualTo(expected);
    }
}
