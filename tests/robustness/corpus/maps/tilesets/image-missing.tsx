<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="t" tilewidth="40" tileheight="40" tilecount="4" columns="2">
 <image source="../nothing.png" width="80" height="80"/>
</tileset>
