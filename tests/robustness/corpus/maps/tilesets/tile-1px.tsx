<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="t" tilewidth="1" tileheight="1" tilecount="4" columns="2">
 <image source="../tiles.png" width="16000" height="16000"/>
</tileset>
