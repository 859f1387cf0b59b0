"""The package's Iris file is plotly's, byte for byte (the engine-only install has no plotly)."""

from importlib import resources

import datasets


def test_the_shipped_iris_is_plotlys_file():
    ours = (resources.files("datasets") / "iris.csv.gz").read_bytes()
    plotly = (resources.files("plotly") / "package_data/datasets/iris.csv.gz").read_bytes()
    assert ours == plotly
    features, species = datasets._notes.iris_table()
    assert len(species) == 150 and set(species) == {"setosa", "versicolor", "virginica"}
    assert features["sepal_length"][0] == 5.1
