"""What only Tamalo does in ``play``: its game rebuilt from what is stored, its hands scored
into the lines storage keeps."""
