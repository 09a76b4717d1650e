#!/usr/bin/env python3
"""Runs the query of `switchyard sql` in one engine and writes its output as that engine exports it.

    run_query.py ENGINE QUERY_FILE OUTPUT_FILE [--format csv|json] [--table-from GLOB]

ENGINE is duckdb, clickhouse (chDB, ClickHouse's engine in process) or spark (local mode). The query reads
the events itself (`switchyard sql --files GLOB`), or, with --table-from GLOB, from a table named `events`
loaded from GLOB the way docs/Warehouses.md loads it. Prints the query's wall time in seconds on stdout
(`query_seconds=...`; Spark also `startup_seconds=...` and, with --table-from, `load_seconds=...`: reading
the files into a cached table). Exit 3 when the engine's package is not installed.
"""
import argparse
import glob as globbing
import os
import shutil
import sys
import tempfile
import time


def missing(package):
    print(f"engine package not installed: {package} (pip install {package})", file=sys.stderr)
    sys.exit(3)


def run_duckdb(query, output, fmt, table_from):
    try:
        import duckdb
    except ImportError:
        missing("duckdb")
    connection = duckdb.connect()
    if table_from:
        connection.execute(
            "CREATE TABLE events AS SELECT * FROM read_json(?, format = 'newline_delimited', columns = {"
            "'schema': 'INTEGER', 'time': 'TIMESTAMPTZ', 'session': 'VARCHAR', 'seq': 'BIGINT', 'user': 'VARCHAR', "
            "'experiment': 'VARCHAR', 'variant': 'VARCHAR', 'type': 'VARCHAR', 'screen': 'VARCHAR', "
            "'action': 'VARCHAR', 'properties': 'MAP(VARCHAR, VARCHAR)'}, ignore_errors = true)", [table_from])
    start = time.perf_counter()
    options = "FORMAT csv, HEADER" if fmt == "csv" else "FORMAT json"
    body = query.strip().rstrip(";")
    escaped = output.replace("'", "''")
    connection.execute(f"COPY ({body}) TO '{escaped}' ({options})")
    return time.perf_counter() - start


def run_clickhouse(query, output, fmt, table_from):
    try:
        import chdb
        from chdb import session as chdb_session
    except ImportError:
        missing("chdb")
    fmt_name = "CSVWithNames" if fmt == "csv" else "JSONEachRow"
    workspace = tempfile.mkdtemp(prefix="switchyard-chdb-")
    try:
        connection = chdb_session.Session(workspace)
        if table_from:
            connection.query(
                "CREATE TABLE events (schema UInt8, time DateTime64(3, 'UTC'), session String, seq Nullable(UInt64), user String, "
                "experiment Nullable(String), variant Nullable(String), type LowCardinality(String), "
                "screen Nullable(String), action Nullable(String), properties Map(String, String)) "
                "ENGINE = MergeTree PARTITION BY toDate(time) ORDER BY (user, time)")
            escaped = table_from.replace("\\", "\\\\").replace("'", "\\'")
            connection.query(
                f"INSERT INTO events SELECT * FROM file('{escaped}', 'JSONEachRow') "
                "SETTINGS date_time_input_format = 'best_effort', input_format_allow_errors_ratio = 1")
        start = time.perf_counter()
        result = connection.query(query, fmt_name)
        elapsed = time.perf_counter() - start
        with open(output, "wb") as handle:
            handle.write(result.bytes())
        return elapsed
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


SPARK_SCHEMA = ("`schema` INT, `time` TIMESTAMP, `session` STRING, `seq` BIGINT, `user` STRING, `experiment` STRING, "
                "`variant` STRING, `type` STRING, `screen` STRING, `action` STRING, "
                "`properties` MAP<STRING, STRING>")


def run_spark(query, output, fmt, table_from):
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        missing("pyspark")
    start = time.perf_counter()
    spark = (SparkSession.builder.master("local[2]").appName("switchyard")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.sql.session.timeZone", "UTC")
             .config("spark.sql.shuffle.partitions", "4")
             # The default 1 GiB heap runs out in hash aggregation when the tests run in parallel beside it, and 4 GiB
             # did once in the final single-task stage of a query with CUPED's covariates.
             .config("spark.driver.memory", "6g").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    print(f"startup_seconds={time.perf_counter() - start:.3f}")
    if table_from:
        # Read once into memory, as a cluster would keep the table: the query's scans then share it.
        start = time.perf_counter()
        table = spark.read.schema(SPARK_SCHEMA).json(table_from).cache()
        table.count()
        table.createOrReplaceTempView("events")
        print(f"load_seconds={time.perf_counter() - start:.3f}")
    start = time.perf_counter()
    frame = spark.sql(query.strip().rstrip(";"))
    directory = tempfile.mkdtemp(prefix="switchyard-spark-")
    target = os.path.join(directory, "out")
    writer = frame.coalesce(1).write.mode("overwrite")
    if fmt == "csv":
        writer.option("header", True).option("escape", '"').csv(target)
    else:
        writer.json(target)
    elapsed = time.perf_counter() - start
    parts = sorted(globbing.glob(os.path.join(target, "part-*")))
    with open(output, "wb") as handle:
        if fmt == "csv" and not parts:
            handle.write(b"experiment,variant,measure,step,name,reason,value,total\n")
        for part in parts:
            with open(part, "rb") as source:
                handle.write(source.read())
    shutil.rmtree(directory, ignore_errors=True)
    spark.stop()
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("engine", choices=["duckdb", "clickhouse", "spark"])
    parser.add_argument("query")
    parser.add_argument("output")
    parser.add_argument("--format", choices=["csv", "json"], default="csv")
    parser.add_argument("--table-from")
    arguments = parser.parse_args()
    with open(arguments.query, encoding="utf-8") as handle:
        query = handle.read()
    runner = {"duckdb": run_duckdb, "clickhouse": run_clickhouse, "spark": run_spark}[arguments.engine]
    elapsed = runner(query, arguments.output, arguments.format, arguments.table_from)
    print(f"query_seconds={elapsed:.3f}")


if __name__ == "__main__":
    main()
