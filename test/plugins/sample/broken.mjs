throw new Error("plugin exploded");
